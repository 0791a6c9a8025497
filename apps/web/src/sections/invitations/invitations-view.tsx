import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  INVITATION_LANGS,
  INVITATION_MAX_BATCH,
  type InvitationLang,
} from '@bo/contract/invitations';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { AdminListError } from '../admin/admin-list';
import { formatDateTime } from '../admin/format';
import { stackedTableSx } from '../admin/stacked-table-sx';
import { useRolesQuery } from '../users/users-api';
import {
  useCreateInvitationsMutation,
  useInvitationsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  type Invitation,
} from './invitations-api';
import { parseEmails } from './parse-emails';

const STATE_COLOR = {
  pending: 'info',
  expired: 'warning',
  accepted: 'success',
  revoked: 'default',
} as const;

const mailLangOf = (language: string): InvitationLang =>
  (INVITATION_LANGS as readonly string[]).includes(language) ? (language as InvitationLang) : 'en';

/** The form: pasted addresses (a list or a CSV, or a CSV file read into the box) and a role. */
function InviteForm() {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const { data: roles, isLoading: rolesLoading } = useRolesQuery();
  const [create, creating] = useCreateInvitationsMutation();
  const [text, setText] = useState('');
  const [role, setRole] = useState('user');
  const [errors, setErrors] = useState<{ emails?: string; role?: string }>({});
  const parsed = useMemo(() => parseEmails(text), [text]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const content = await file.text();
    setText((prev) => (prev.trim() ? `${prev.trim()}\n${content}` : content));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (parsed.invalid.length) {
      setErrors({
        emails: t('admin.invitations.invalidEmails', { emails: parsed.invalid.join(', ') }),
      });
      return;
    }
    if (!parsed.emails.length) {
      setErrors({ emails: t('admin.invitations.noEmails') });
      return;
    }
    if (parsed.emails.length > INVITATION_MAX_BATCH) {
      setErrors({ emails: t('admin.invitations.tooMany', { max: INVITATION_MAX_BATCH }) });
      return;
    }
    setErrors({});
    try {
      const answer = await create({
        emails: parsed.emails,
        role,
        lang: mailLangOf(i18n.language),
      }).unwrap();
      notify.success(t('admin.invitations.sent', { count: answer.invitations.length }));
      setText('');
    } catch (error) {
      const detail = isHttpError(error) ? error.details?.[0] : undefined;
      if (detail?.field === 'emails' && detail.code === 'email_taken') {
        setErrors({
          emails: t('admin.invitations.emailTaken', { email: String(detail.params?.email ?? '') }),
        });
      } else if (detail?.field === 'role') {
        setErrors({ role: t('admin.invitations.roleUnknown') });
      } else if (detail?.field?.startsWith('emails')) {
        setErrors({ emails: t('admin.invitations.invalidEmails', { emails: '' }) });
      } else {
        notify.error(translateError(t, error));
      }
    }
  };

  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader
        title={t('admin.invitations.inviteTitle')}
        subheader={t('admin.invitations.inviteIntro')}
        titleTypographyProps={{ component: 'h2' }}
      />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label={t('admin.invitations.inviteTitle')}
        sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <TextField
          label={t('admin.invitations.emails')}
          placeholder={t('admin.invitations.emailsPlaceholder')}
          multiline
          minRows={3}
          maxRows={12}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setErrors((prev) => ({ ...prev, emails: undefined }));
          }}
          error={!!errors.emails}
          helperText={
            errors.emails ??
            (parsed.emails.length
              ? t('admin.invitations.found', { count: parsed.emails.length })
              : t('admin.invitations.emailsHelp'))
          }
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'invite-emails', dir: 'ltr' },
            formHelperText: { 'aria-live': 'polite' } as object,
          }}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            select
            label={t('admin.invitations.role')}
            value={role}
            onChange={(e) => {
              setRole(e.target.value);
              setErrors((prev) => ({ ...prev, role: undefined }));
            }}
            error={!!errors.role}
            helperText={errors.role}
            disabled={rolesLoading}
            sx={{ width: { xs: 1, sm: 240 } }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'invite-role' } as object },
            }}
          >
            {(roles ?? [{ name: 'user' }]).map((r) => (
              <MenuItem key={r.name} value={r.name}>
                {t(`users.roles.${r.name}`, { defaultValue: r.name })}
              </MenuItem>
            ))}
          </TextField>
          <input
            ref={fileRef}
            id={`${ids}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            hidden
            onChange={(e) => {
              void readFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<UploadFileRounded />}
            onClick={() => fileRef.current?.click()}
            sx={{ height: 56 }}
          >
            {t('admin.invitations.readCsv')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            type="submit"
            variant="contained"
            disabled={creating.isLoading}
            aria-busy={creating.isLoading}
            startIcon={
              creating.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined
            }
            sx={{ height: 56 }}
            data-testid="invite-submit"
          >
            {t('admin.invitations.send', { count: parsed.emails.length })}
          </Button>
        </Stack>
      </Box>
    </Card>
  );
}

function InvitationRow({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const [resend, resending] = useResendInvitationMutation();
  const doResend = () =>
    resend(invitation.id)
      .unwrap()
      .then(() => notify.success(t('admin.invitations.resent', { email: invitation.email })))
      .catch((err: unknown) => notify.error(translateError(t, err)));
  return (
    <TableRow hover data-testid="invitation-row" data-email={invitation.email}>
      <TableCell data-label={t('admin.invitations.columns.email')} sx={{ wordBreak: 'break-all' }}>
        <span dir="ltr">{invitation.email}</span>
      </TableCell>
      <TableCell data-label={t('admin.invitations.columns.role')}>
        {t(`users.roles.${invitation.role}`, { defaultValue: invitation.role })}
      </TableCell>
      <TableCell data-label={t('admin.invitations.columns.state')}>
        <Label color={STATE_COLOR[invitation.state]}>
          {t(`admin.invitations.states.${invitation.state}`)}
        </Label>
      </TableCell>
      <TableCell data-label={t('admin.invitations.columns.invitedBy')}>
        {invitation.invitedBy ?? '—'}
      </TableCell>
      <TableCell data-label={t('admin.invitations.columns.expires')} sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(invitation.expiresAt, i18n.language)}
      </TableCell>
      <TableCell data-label={t('admin.invitations.columns.actions')} align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => void doResend()}
            disabled={resending.isLoading}
            aria-label={t('admin.invitations.resendFor', { email: invitation.email })}
          >
            {t('admin.invitations.resend')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onRevoke}
            aria-label={t('admin.invitations.revokeFor', { email: invitation.email })}
          >
            {t('admin.invitations.revoke')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** Administration → Invitations: invite people by mail with a role; pending ones, resend, revoke. */
export function InvitationsView() {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, error, refetch } = useInvitationsQuery();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const [toRevoke, setToRevoke] = useState<Invitation | null>(null);

  const confirmRevoke = () => {
    if (!toRevoke) return;
    revoke(toRevoke.id)
      .unwrap()
      .then(() => notify.success(t('admin.invitations.revoked')))
      .catch((err: unknown) => notify.error(translateError(t, err)))
      .finally(() => setToRevoke(null));
  };

  const columns = ['email', 'role', 'state', 'invitedBy', 'expires', 'actions'] as const;

  return (
    <>
      <PageHeader
        title={t('admin.invitations.title')}
        crumbs={[
          { name: t('admin.crumbs.dashboard'), href: paths.dashboard.root },
          { name: t('admin.crumbs.admin') },
          { name: t('admin.invitations.title') },
        ]}
      />
      <InviteForm />
      <Card>
        <CardHeader
          title={t('admin.invitations.pendingTitle')}
          subheader={data ? t('admin.invitations.pendingCount', { count: data.length }) : undefined}
          titleTypographyProps={{ component: 'h2' }}
        />
        {error ? (
          <Box sx={{ pt: 2 }}>
            <AdminListError error={error} onRetry={() => void refetch()} />
          </Box>
        ) : data && data.length === 0 ? (
          <EmptyContent
            title={t('admin.invitations.empty')}
            description={t('admin.invitations.emptyHint')}
            sx={{ py: 6 }}
          />
        ) : (
          <TableContainer sx={{ overflowX: 'auto', mt: 1 }}>
            <Table
              size="small"
              sx={stackedTableSx(820)}
              aria-label={t('admin.invitations.pendingTitle')}
              aria-busy={isFetching}
            >
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c} align={c === 'actions' ? 'right' : undefined}>
                      {t(`admin.invitations.columns.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  Array.from({ length: 3 }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={columns.length}>
                        <Skeleton variant="text" />
                      </TableCell>
                    </TableRow>
                  ))}
                {data?.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    onRevoke={() => setToRevoke(invitation)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {data && data.some((i) => i.state === 'expired') && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('admin.invitations.expiredHint')}
        </Alert>
      )}
      <ConfirmDialog
        open={!!toRevoke}
        title={t('admin.invitations.revokeTitle')}
        content={t('admin.invitations.revokeContent', { email: toRevoke?.email ?? '' })}
        action={t('admin.invitations.revoke')}
        busy={revoking.isLoading}
        onClose={() => setToRevoke(null)}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
