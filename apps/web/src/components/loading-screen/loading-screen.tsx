import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * Shown while the session is restored or a lazy screen loads for the first time. A plain CSS
 * bar rather than LinearProgress, because it sits in the entry chunk every page pays for.
 */
export function LoadingScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      sx={{
        px: 5,
        width: 1,
        flexGrow: 1,
        minHeight: fullScreen ? '100vh' : 240,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Box
        sx={{
          width: 1,
          maxWidth: 360,
          height: 4,
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.selected',
        }}
      >
        <Box
          sx={{
            width: '40%',
            height: 1,
            borderRadius: 2,
            bgcolor: 'text.primary',
            animation: `${slide} 1.2s ease-in-out infinite`,
          }}
        />
      </Box>
    </Box>
  );
}
