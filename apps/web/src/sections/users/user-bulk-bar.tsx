import type { User, UserBulkAction, UserBulkAnswer } from '@bo/contract/users';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { roleName } from '../../lib/audit-labels';
import { translateError } from '../../locales/form-errors';
import { useBulkUsersMutation } from './users-api';

type Props = {
  /** The chosen people's ids, and the rows of the page (what they were, for an undo). */
  selected: string[];
  rows: readonly User[];
  roles: readonly string[];
  canDelete: boolean;
  setSelected: (ids: string[]) => void;
};

/** What the last action did, shown under the bar: the refused named with why, and an undo. */
type Outcome = {
  action: UserBulkAction;
  role?: string;
  answer: UserBulkAnswer;
  /** The calls that put back what changed, when that is cheap (role, suspend). */
  undo: Array<{ ids: string[]; action: UserBulkAction; role?: string }>;
};

const ACTIONS = ['role', 'suspend', 'approve', 'invite', 'delete'] as const;

/**
 * The people list's bulk bar (as the orders list has): one action on the chosen people in one
 * call, after a confirmation naming how many; the outcome in a snackbar, those left out named
 * with the reason, and an undo for a role change or a suspension (a second call).
 */
export function UserBulkBar({ selected, rows, roles, canDelete, setSelected }: Props) {
  const { t } = useTranslation();
  const [role, setRole] = useState('');
  const [asking, setAsking] = useState<UserBulkAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [run, running] = useBulkUsersMutation();

  const done = (action: UserBulkAction, count: number, chosenRole?: string) =>
    t(`users.list.bulk.done.${action}`, { count, role: chosenRole && roleName(t, chosenRole) });

  const apply = async () => {
    if (!asking) return;
    const action = asking;
    const chosenRole = action === 'role' ? role : undefined;
    try {
      const answer = await run({ ids: selected, action, role: chosenRole }).unwrap();
      setAsking(null);
      const before = new Map(rows.map((r) => [r.id, r]));
      const undo: Outcome['undo'] = [];
      if (action === 'role') {
        const byRole = new Map<string, string[]>();
        for (const id of answer.changed) {
          const was = before.get(id)?.role;
          if (was && was !== chosenRole) byRole.set(was, [...(byRole.get(was) ?? []), id]);
        }
        for (const [was, ids] of byRole) undo.push({ ids, action: 'role', role: was });
      } else if (action === 'suspend') {
        // Only those who were active come back by an approval; a pending one stays suspended.
        const ids = answer.changed.filter((id) => before.get(id)?.status === 'active');
        if (ids.length) undo.push({ ids, action: 'approve' });
      }
      setOutcome({ action, role: chosenRole, answer, undo });
      // The refused stay chosen, to try again or act otherwise.
      setSelected(answer.refused.map((r) => r.id));
      if (answer.changed.length) notify(done(action, answer.changed.length, chosenRole));
      if (answer.refused.length)
        notify.warning(t('users.list.bulk.refused', { count: answer.refused.length }));
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };

  const undo = async () => {
    if (!outcome) return;
    try {
      for (const call of outcome.undo) await run(call).unwrap();
      notify(t('users.list.bulk.undone'));
      setOutcome(null);
    } catch (e) {
      notify.error(translateError(t, e));
    }
  };

  const confirmText =
    asking &&
    t(`users.list.bulk.confirm.${asking}`, {
      count: selected.length,
      role: roleName(t, role),
    });

  return (
    <>
      {selected.length > 0 && (
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          role="toolbar"
          aria-label={t('users.list.bulk.bar')}
          sx={{ px: 2.5, pb: 2, alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="users-bulk-bar"
        >
          <Typography variant="subtitle2" component="p" role="status" sx={{ me: 1 }}>
            {t('users.list.selected', { count: selected.length })}
          </Typography>
          <TextField
            select
            size="small"
            label={t('users.list.bulk.newRole')}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'users-bulk-role' } }}
          >
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {roleName(t, r)}
              </MenuItem>
            ))}
          </TextField>
          {ACTIONS.filter((a) => a !== 'delete' || canDelete).map((a) => (
            <Button
              key={a}
              size="small"
              variant={a === 'role' ? 'contained' : 'outlined'}
              color={a === 'delete' ? 'error' : a === 'role' ? 'primary' : 'inherit'}
              disabled={a === 'role' && !role}
              onClick={() => setAsking(a)}
              data-testid={`users-bulk-${a}`}
            >
              {t(`users.list.bulk.actions.${a}`)}
            </Button>
          ))}
          <Button size="small" color="inherit" onClick={() => setSelected([])}>
            {t('users.list.bulk.clear')}
          </Button>
        </Stack>
      )}
      {outcome && (
        <Alert
          severity={outcome.answer.refused.length ? 'warning' : 'success'}
          onClose={() => setOutcome(null)}
          sx={{ mx: 2.5, mb: 2 }}
          data-testid="users-bulk-outcome"
          action={
            outcome.undo.length > 0 ? (
              <Button
                color="inherit"
                size="small"
                disabled={running.isLoading}
                onClick={() => void undo()}
              >
                {t('users.list.bulk.undo')}
              </Button>
            ) : undefined
          }
          closeText={t('users.list.bulk.dismiss')}
        >
          <Typography variant="body2">
            {done(outcome.action, outcome.answer.changed.length, outcome.role)}
          </Typography>
          {outcome.answer.refused.length > 0 && (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('users.list.bulk.refused', { count: outcome.answer.refused.length })}
              </Typography>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {outcome.answer.refused.map((r) => (
                  <li key={r.id}>
                    <Typography variant="body2">
                      <strong>{r.name ?? r.id}</strong> —{' '}
                      {t(`users.list.bulk.reasons.${r.code}`, { defaultValue: r.message })}
                    </Typography>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      <Dialog open={!!asking} onClose={() => setAsking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{asking && t(`users.list.bulk.actions.${asking}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={() => setAsking(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color={asking === 'delete' ? 'error' : 'primary'}
            onClick={() => void apply()}
            disabled={running.isLoading}
            startIcon={
              running.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined
            }
            data-testid="users-bulk-confirm"
          >
            {asking && t(`users.list.bulk.actions.${asking}`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
