import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useHasAccess } from '../../auth/role-based-guard';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { UserSessionsCard } from '../tokens/user-sessions-card';
import { UserForm } from './user-form';
import { useUserQuery } from './users-api';

const crumbsBase = (t: (k: string) => string) => [
  { name: t('nav.dashboard'), href: paths.dashboard.root },
  { name: t('nav.user'), href: paths.dashboard.user.list },
];

export function UserCreateView() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('users.form.newTitle')}
        crumbs={[...crumbsBase(t), { name: t('users.form.newTitle') }]}
      />
      <UserForm />
    </>
  );
}

/** `name` is the slug of the edit route (a uuid works too). */
export function UserEditView({ name }: { name: string }) {
  const { t } = useTranslation();
  const { data: user, isLoading, error } = useUserQuery(name);
  const missing = isHttpError(error) && error.status === 404;
  const seesSessions = useHasAccess(undefined, ['tokens:manage']);
  return (
    <>
      <PageHeader
        title={t('users.form.editTitle')}
        crumbs={[...crumbsBase(t), { name: user?.name ?? name }]}
      />
      {isLoading && <Skeleton variant="rounded" height={480} />}
      {missing && (
        <EmptyContent
          title={t('users.form.notFound')}
          action={
            <Button component={RouterLink} to={paths.dashboard.user.list} variant="outlined">
              {t('users.form.backToList')}
            </Button>
          }
        />
      )}
      {error && !missing && <Alert severity="error">{translateError(t, error)}</Alert>}
      {user && <UserForm key={user.id + user.updatedAt} user={user} />}
      {user && seesSessions && <UserSessionsCard userId={user.id} />}
    </>
  );
}
