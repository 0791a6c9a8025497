import { COLOR_PRESETS } from '@bo/contract/constants';
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContrastRounded from '@mui/icons-material/ContrastRounded';
import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import FormatTextdirectionLToRRounded from '@mui/icons-material/FormatTextdirectionLToRRounded';
import FormatTextdirectionRToLRounded from '@mui/icons-material/FormatTextdirectionRToLRounded';
import FullscreenExitRounded from '@mui/icons-material/FullscreenExitRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import TonalityRounded from '@mui/icons-material/TonalityRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PRESETS } from '../../theme/palette';
import { useSettings } from './settings-context';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography
        component="h3"
        variant="caption"
        sx={{ fontWeight: 600, color: 'text.secondary', display: 'block', mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type OptionProps = {
  selected: boolean;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
};

function Option({ selected, label, icon, onClick, testId }: OptionProps) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-pressed={selected}
      data-testid={testId}
      sx={(theme) => ({
        flex: 1,
        py: 2,
        gap: 1,
        flexDirection: 'column',
        borderRadius: 1.5,
        border: `1px solid ${alpha(theme.palette.grey[500], 0.16)}`,
        color: 'text.disabled',
        typography: 'caption',
        fontWeight: 600,
        transition: theme.transitions.create(['box-shadow', 'color']),
        ...(selected && {
          color: 'primary.main',
          bgcolor: 'background.paper',
          boxShadow: `-8px 8px 20px -4px ${alpha(theme.palette.grey[500], 0.16)}`,
          ...(theme.palette.mode === 'dark' && {
            boxShadow: `-8px 8px 20px -4px ${alpha('#000000', 0.16)}`,
          }),
        }),
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
      })}
    >
      {icon}
      {label}
    </ButtonBase>
  );
}

function LayoutPreview({ mini }: { mini: boolean }) {
  return (
    <Box
      sx={{
        width: 72,
        height: 44,
        display: 'flex',
        gap: 0.5,
        p: 0.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Box
        sx={{
          width: mini ? 10 : 22,
          borderRadius: 0.5,
          bgcolor: 'currentColor',
          opacity: 0.8,
          transition: 'width 200ms',
        }}
      />
      <Box sx={{ flex: 1, borderRadius: 0.5, bgcolor: 'currentColor', opacity: 0.24 }} />
    </Box>
  );
}

function useFullscreen() {
  const [full, setFull] = useState(
    () => typeof document !== 'undefined' && !!document.fullscreenElement,
  );
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return { full, toggle };
}

export function SettingsDrawer() {
  const { t } = useTranslation();
  const s = useSettings();
  const { full, toggle } = useFullscreen();

  return (
    <Drawer
      anchor="right"
      open={s.open}
      onClose={s.onClose}
      slotProps={{
        backdrop: { invisible: true },
        paper: {
          'aria-label': t('settings.title'),
          sx: (theme) => ({
            width: 320,
            maxWidth: '100vw',
            backdropFilter: 'blur(20px)',
            backgroundColor: alpha(theme.palette.background.default, 0.9),
            boxShadow: `-24px 12px 32px -4px ${alpha(theme.palette.mode === 'light' ? theme.palette.grey[500] : '#000000', 0.16)}`,
          }),
        },
      }}
      data-testid="settings-drawer"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pr: 1, pl: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('settings.title')}
        </Typography>
        <Tooltip title={t('settings.reset')}>
          <IconButton
            onClick={s.reset}
            aria-label={t('settings.reset')}
            data-testid="settings-reset"
          >
            <Badge color="error" variant="dot" invisible={!s.canReset}>
              <RestartAltRounded />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('common.close')}>
          <IconButton onClick={s.onClose} aria-label={t('common.close')}>
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />

      <Box sx={{ p: 2.5, overflowY: 'auto', flexGrow: 1 }}>
        <Section title={t('settings.mode')}>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Option
              testId="settings-mode-light"
              selected={s.themeMode === 'light'}
              label={t('settings.light')}
              icon={<LightModeRounded />}
              onClick={() => s.update('themeMode', 'light')}
            />
            <Option
              testId="settings-mode-dark"
              selected={s.themeMode === 'dark'}
              label={t('settings.dark')}
              icon={<DarkModeRounded />}
              onClick={() => s.update('themeMode', 'dark')}
            />
          </Box>
        </Section>

        <Section title={t('settings.contrast')}>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Option
              testId="settings-contrast-default"
              selected={s.themeContrast === 'default'}
              label={t('settings.contrastDefault')}
              icon={<TonalityRounded />}
              onClick={() => s.update('themeContrast', 'default')}
            />
            <Option
              testId="settings-contrast-bold"
              selected={s.themeContrast === 'bold'}
              label={t('settings.contrastBold')}
              icon={<ContrastRounded />}
              onClick={() => s.update('themeContrast', 'bold')}
            />
          </Box>
        </Section>

        <Section title={t('settings.direction')}>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Option
              testId="settings-direction-ltr"
              selected={s.themeDirection === 'ltr'}
              label={t('settings.ltr')}
              icon={<FormatTextdirectionLToRRounded />}
              onClick={() => s.update('themeDirection', 'ltr')}
            />
            <Option
              testId="settings-direction-rtl"
              selected={s.themeDirection === 'rtl'}
              label={t('settings.rtl')}
              icon={<FormatTextdirectionRToLRounded />}
              onClick={() => s.update('themeDirection', 'rtl')}
            />
          </Box>
        </Section>

        <Section title={t('settings.layout')}>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Option
              testId="settings-layout-vertical"
              selected={s.themeLayout === 'vertical'}
              label={t('settings.vertical')}
              icon={<LayoutPreview mini={false} />}
              onClick={() => s.update('themeLayout', 'vertical')}
            />
            <Option
              testId="settings-layout-mini"
              selected={s.themeLayout === 'mini'}
              label={t('settings.mini')}
              icon={<LayoutPreview mini />}
              onClick={() => s.update('themeLayout', 'mini')}
            />
          </Box>
        </Section>

        <Section title={t('settings.presets')}>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}
            role="radiogroup"
            aria-label={t('settings.presets')}
          >
            {COLOR_PRESETS.map((preset) => {
              const selected = s.themeColorPresets === preset;
              return (
                <ButtonBase
                  key={preset}
                  role="radio"
                  aria-checked={selected}
                  aria-label={t(`settings.preset.${preset}`)}
                  data-testid={`settings-preset-${preset}`}
                  onClick={() => s.update('themeColorPresets', preset)}
                  sx={(theme) => ({
                    height: 56,
                    borderRadius: 1.5,
                    border: `1px solid ${alpha(theme.palette.grey[500], 0.16)}`,
                    ...(selected && { bgcolor: alpha(PRESETS[preset].main, 0.08) }),
                    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
                  })}
                >
                  <Box
                    sx={{
                      width: selected ? 28 : 14,
                      height: selected ? 28 : 14,
                      borderRadius: '50%',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      color: '#fff',
                      background: `linear-gradient(135deg, ${PRESETS[preset].light}, ${PRESETS[preset].main})`,
                      transition: 'all 200ms',
                    }}
                  >
                    {selected && <CheckRounded sx={{ fontSize: 18 }} />}
                  </Box>
                </ButtonBase>
              );
            })}
          </Box>
        </Section>

        <Section title={t('settings.stretch')}>
          <FormControlLabel
            sx={{ mx: 0, width: 1, justifyContent: 'space-between' }}
            labelPlacement="start"
            label={
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.stretchHint')}
              </Typography>
            }
            control={
              <Switch
                checked={s.themeStretch}
                onChange={(e) => s.update('themeStretch', e.target.checked)}
                slotProps={{ input: { 'aria-label': t('settings.stretch') } }}
                data-testid="settings-stretch"
              />
            }
          />
        </Section>

        {/* In the scrolling part, after the presets: a fixed footer hid them on short screens. */}
        <Box sx={{ pt: 1 }}>
          <Button
            fullWidth
            size="large"
            color="inherit"
            variant="outlined"
            startIcon={full ? <FullscreenExitRounded /> : <FullscreenRounded />}
            onClick={toggle}
            sx={{ mb: 1.5 }}
          >
            {full ? t('settings.exitFullscreen') : t('settings.fullscreen')}
          </Button>
          <Button
            fullWidth
            size="large"
            color="inherit"
            variant="text"
            startIcon={<RestartAltRounded />}
            onClick={s.reset}
          >
            {t('settings.reset')}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
