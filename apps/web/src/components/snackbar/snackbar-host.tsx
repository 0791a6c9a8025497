import { NOTIFICATIONS } from '@bo/contract/constants';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import InfoRounded from '@mui/icons-material/InfoRounded';
import WarningRounded from '@mui/icons-material/WarningRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { styled, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  MaterialDesignContent,
  SnackbarProvider as NotistackProvider,
  closeSnackbar,
} from 'notistack';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { snackbarHostMounted } from './notify';

const StyledContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent': {
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    boxShadow: theme.customShadows.z8,
    borderRadius: theme.shape.borderRadius,
    padding: theme.spacing(0.75, 1, 0.75, 0.75),
    fontWeight: 500,
    border: `1px solid ${theme.palette.divider}`,
  },
}));

function VariantIcon({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        mr: 1.25,
        width: 36,
        height: 36,
        display: 'flex',
        borderRadius: 1.25,
        alignItems: 'center',
        justifyContent: 'center',
        color: `${color}.main`,
        bgcolor: (theme) =>
          `rgba(${theme.palette.mode === 'light' ? '145 158 171' : '0 0 0'} / 0.12)`,
      }}
    >
      {children}
    </Box>
  );
}

/** Mounted once beside the app (lazy); `notify` shows its messages through it. */
export function SnackbarHost() {
  const theme = useTheme();
  const { t } = useTranslation();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  useEffect(() => {
    snackbarHostMounted();
  }, []);
  return (
    <NotistackProvider
      maxSnack={NOTIFICATIONS.maxSnack}
      preventDuplicate
      autoHideDuration={NOTIFICATIONS.autoHideDuration}
      anchorOrigin={{ ...NOTIFICATIONS.anchorOrigin }}
      dense={isPhone}
      variant="success"
      Components={{
        default: StyledContent,
        success: StyledContent,
        info: StyledContent,
        warning: StyledContent,
        error: StyledContent,
      }}
      iconVariant={{
        success: (
          <VariantIcon color="success">
            <CheckCircleRounded fontSize="small" />
          </VariantIcon>
        ),
        info: (
          <VariantIcon color="info">
            <InfoRounded fontSize="small" />
          </VariantIcon>
        ),
        warning: (
          <VariantIcon color="warning">
            <WarningRounded fontSize="small" />
          </VariantIcon>
        ),
        error: (
          <VariantIcon color="error">
            <ErrorRounded fontSize="small" />
          </VariantIcon>
        ),
      }}
      action={(key) => (
        <IconButton size="small" aria-label={t('common.close')} onClick={() => closeSnackbar(key)}>
          <CloseRounded fontSize="small" />
        </IconButton>
      )}
    />
  );
}
