import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The rows after a "Show more" table's rows: placeholders while a page loads (a few under rows
 * already shown, a screenful otherwise), or one line when there is nothing to show.
 */
export function PagedTableStatus({
  columns,
  rows,
  fetching,
  error,
  none,
}: {
  columns: number;
  rows: number;
  fetching: boolean;
  error: boolean;
  /** What an empty list says (when the call did not fail). */
  none: string;
}) {
  const { t } = useTranslation();
  if (fetching)
    return Array.from({ length: rows ? 2 : 8 }, (_, i) => (
      <TableRow key={`s${i}`}>
        <TableCell colSpan={columns}>
          <Skeleton />
        </TableCell>
      </TableRow>
    ));
  if (rows > 0) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 3 }}>
          {error ? t('dashboards.error') : none}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** Under the table: asks for the page after the last one shown, once that one has arrived. */
export function ShowMore({
  next,
  fetching,
  label,
  onMore,
}: {
  next: string | null | undefined;
  fetching: boolean;
  label: string;
  onMore: (cursor: string) => void;
}) {
  if (!next || fetching) return null;
  return (
    <Box sx={{ p: 2, textAlign: 'center' }}>
      <Button onClick={() => onMore(next)}>{label}</Button>
    </Box>
  );
}
