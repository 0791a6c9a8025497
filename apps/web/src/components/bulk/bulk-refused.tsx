import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export type RefusedRow = { id: string; name: string; why: string };

type Props = {
  /** "Not changed: 2" — in the list's words. */
  title: string;
  rows: RefusedRow[];
  onClose: () => void;
  testId?: string;
};

/**
 * What a bulk action left undone: each refused row by its name, with why. Stays until closed
 * (a snackbar would be gone before a long list is read); the rows stay selected meanwhile.
 */
export function BulkRefused({ title, rows, onClose, testId }: Props) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Alert
      severity="warning"
      onClose={onClose}
      slotProps={{ closeButton: { 'aria-label': t('common.close') } }}
      sx={{ mx: 2.5, mb: 2 }}
      data-testid={testId}
    >
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
        {rows.map((row) => (
          <li key={row.id}>
            <bdi>{row.name}</bdi>: {row.why}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
