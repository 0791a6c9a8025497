import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

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
