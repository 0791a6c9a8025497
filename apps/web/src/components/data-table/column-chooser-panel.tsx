import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { moveId, type TablePrefs } from './prefs';

export interface ChooserColumn {
  id: string;
  header: string;
  visible: boolean;
  required: boolean;
  width: number;
}

export interface ChooserProps {
  columns: ChooserColumn[];
  density: TablePrefs['density'];
  onChange: (change: (p: TablePrefs) => TablePrefs) => void;
  onReset: () => void;
}

const STEP = 40;

/**
 * The list's layout (loaded when first asked for) by keyboard or pointer: which columns show, in which order, how wide, and
 * how dense the rows are. Every drag of the table has its button here.
 */
export default function ColumnChooserPanel({
  columns,
  density,
  onChange,
  onReset,
  anchor,
  onClose,
}: ChooserProps & { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = columns.map((c) => c.id);
  const move = (id: string, by: -1 | 1) => onChange((p) => ({ ...p, order: moveId(ids, id, by) }));
  const resize = (c: ChooserColumn, by: number) =>
    onChange((p) => ({
      ...p,
      widths: { ...p.widths, [c.id]: Math.min(640, Math.max(64, c.width + by)) },
    }));

  return (
    <>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('common.table.layout'),
            sx: { p: 2, width: 340, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('dataTable.columns')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {columns.map((c, i) => (
            <Stack
              component="li"
              key={c.id}
              direction="row"
              spacing={0.25}
              sx={{ alignItems: 'center' }}
            >
              <FormControlLabel
                sx={{ flex: 1, minWidth: 0, mr: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={c.visible}
                    disabled={c.required}
                    onChange={(e) => {
                      const show = e.target.checked;
                      onChange((p) => ({
                        ...p,
                        hidden: show
                          ? p.hidden.filter((h) => h !== c.id)
                          : [...new Set([...p.hidden, c.id])],
                      }));
                    }}
                  />
                }
                label={
                  <Typography variant="body2" noWrap>
                    {c.header}
                  </Typography>
                }
              />
              <IconButton
                size="small"
                disabled={i === 0}
                aria-label={t('dataTable.moveUp', { name: c.header })}
                onClick={() => move(c.id, -1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={i === columns.length - 1}
                aria-label={t('dataTable.moveDown', { name: c.header })}
                onClick={() => move(c.id, 1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('dataTable.narrower', { name: c.header })}
                onClick={() => resize(c, -STEP)}
              >
                <Remove fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('dataTable.wider', { name: c.header })}
                onClick={() => resize(c, STEP)}
              >
                <Add fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="subtitle2" component="h2" id="table-density" sx={{ mb: 1 }}>
          {t('dataTable.density')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={density}
          aria-labelledby="table-density"
          onChange={(_, v: TablePrefs['density'] | null) => {
            if (v) onChange((p) => ({ ...p, density: v }));
          }}
        >
          <ToggleButton value="standard">{t('dataTable.standard')}</ToggleButton>
          <ToggleButton value="compact">{t('dataTable.compact')}</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ mt: 2, textAlign: 'end' }}>
          <Button size="small" color="inherit" onClick={onReset}>
            {t('dataTable.reset')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
