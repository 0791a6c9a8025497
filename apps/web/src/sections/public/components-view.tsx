import DeleteRounded from '@mui/icons-material/DeleteRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { AVATAR_GROUP_MAX } from '@bo/contract/constants';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { Label } from '../../components/label/label';
import type { LabelColor } from '../../components/label/label';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';

const COLORS = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} />
      <Box sx={{ p: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {children}
      </Box>
    </Card>
  );
}

/** A gallery of the product's own building blocks, as they render with the current settings. */
export function ComponentsView() {
  const { t } = useTranslation();
  const theme = useTheme();
  usePageTitle(t('public.components.title'));
  const [dialog, setDialog] = useState(false);

  return (
    <Container sx={{ py: { xs: 6, md: 8 } }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        {t('public.components.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5 }}>
        {t('public.components.subtitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Block title={t('public.components.buttons')}>
          <Button variant="contained" color="inherit">
            {t('common.save')}
          </Button>
          <Button variant="contained">{t('common.submit')}</Button>
          <Button variant="outlined">{t('common.edit')}</Button>
          <Button variant="text">{t('common.cancel')}</Button>
          <Button variant="contained" color="error" startIcon={<DeleteRounded />}>
            {t('common.delete')}
          </Button>
          <Button variant="contained" disabled>
            {t('common.disabled')}
          </Button>
          <Button variant="contained" color="info" endIcon={<SendRounded />}>
            {t('common.send')}
          </Button>
        </Block>
        <Block title={t('public.components.chips')}>
          {COLORS.map((c) => (
            <Chip key={c} color={c} label={t(`public.components.colors.${c}`)} />
          ))}
          <Chip variant="outlined" label={t('common.default')} onDelete={() => undefined} />
        </Block>
        <Block title={t('public.components.labels')}>
          {(['default', ...COLORS] as LabelColor[]).map((c) => (
            <Label key={c} color={c}>
              {t(`public.components.colors.${c}`)}
            </Label>
          ))}
          {COLORS.slice(0, 3).map((c) => (
            <Label key={`f-${c}`} color={c} variant="filled">
              {t(`public.components.colors.${c}`)}
            </Label>
          ))}
        </Block>
        <Block title={t('public.components.alerts')}>
          {(['success', 'info', 'warning', 'error'] as const).map((s) => (
            <Alert key={s} severity={s} sx={{ width: 1 }}>
              {t(`public.components.alert.${s}`)}
            </Alert>
          ))}
        </Block>
        <Block title={t('public.components.snackbars')}>
          {(['success', 'info', 'warning', 'error'] as const).map((s) => (
            <Button
              key={s}
              variant="outlined"
              color={s}
              onClick={() => notify[s](t(`public.components.alert.${s}`))}
            >
              {t(`public.components.colors.${s}`)}
            </Button>
          ))}
        </Block>
        <Block title={t('public.components.dialogs')}>
          <Button variant="outlined" color="inherit" onClick={() => setDialog(true)}>
            {t('public.components.openDialog')}
          </Button>
          <Dialog
            open={dialog}
            onClose={() => setDialog(false)}
            aria-labelledby="demo-dialog-title"
          >
            <DialogTitle id="demo-dialog-title">{t('public.components.dialogTitle')}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t('public.components.dialogText')}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button variant="outlined" color="inherit" onClick={() => setDialog(false)}>
                {t('common.cancel')}
              </Button>
              <Button variant="contained" color="error" onClick={() => setDialog(false)}>
                {t('common.delete')}
              </Button>
            </DialogActions>
          </Dialog>
        </Block>
        <Block title={t('public.components.inputs')}>
          <TextField label={t('public.contact.name')} size="small" />
          <FormControlLabel
            control={<Checkbox defaultChecked />}
            label={t('public.components.checkbox')}
          />
          <FormControlLabel control={<Radio checked />} label={t('public.components.radio')} />
          <FormControlLabel
            control={<Switch defaultChecked />}
            label={t('public.components.switch')}
          />
          <Slider
            defaultValue={40}
            aria-label={t('public.components.slider')}
            sx={{ maxWidth: 240 }}
          />
        </Block>
        <Block title={t('public.components.progress')}>
          <CircularProgress aria-label={t('common.loading')} />
          <CircularProgress color="secondary" variant="determinate" value={70} aria-label="70%" />
          <LinearProgress sx={{ width: 1 }} aria-label={t('common.loading')} />
          <LinearProgress
            sx={{ width: 1 }}
            color="warning"
            variant="determinate"
            value={45}
            aria-label="45%"
          />
        </Block>
        <Block title={t('public.components.avatars')}>
          <AvatarGroup max={AVATAR_GROUP_MAX}>
            {['A', 'B', 'C', 'D', 'E', 'F'].map((letter, i) => (
              <Avatar key={letter} sx={{ bgcolor: `${COLORS[i % COLORS.length]}.main` }}>
                {letter}
              </Avatar>
            ))}
          </AvatarGroup>
        </Block>
        <Block title={t('public.components.empty')}>
          <EmptyContent title={t('common.noData')} sx={{ width: 1, py: 2 }} />
        </Block>
      </Box>
      <Card sx={{ mt: 3 }} component="section" aria-label={t('public.components.table')}>
        <CardHeader
          title={t('public.components.table')}
          subheader={t('public.components.tableHint')}
        />
        <TableContainer sx={{ mt: 2 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('public.components.colour')}</TableCell>
                <TableCell>{t('public.components.main')}</TableCell>
                <TableCell>{t('public.components.sample')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {COLORS.map((c) => (
                <TableRow key={c} hover>
                  <TableCell>{t(`public.components.colors.${c}`)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{theme.palette[c].main}</TableCell>
                  <TableCell>
                    <Label color={c} variant="filled">
                      Aa
                    </Label>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </Container>
  );
}
