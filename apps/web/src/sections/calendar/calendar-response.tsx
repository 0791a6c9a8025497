import type { CalendarResponse } from '@bo/contract/calendar';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HelpOutline from '@mui/icons-material/HelpOutline';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import type SvgIcon from '@mui/material/SvgIcon';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Each answer has its own shape and word, so colour is never the only difference. */
export const RESPONSE_ICONS: Record<CalendarResponse, typeof SvgIcon> = {
  accepted: CheckCircleOutline,
  tentative: HelpOutline,
  declined: CancelOutlined,
  needsAction: HourglassEmptyRounded,
};

const RESPONSE_COLORS: Record<CalendarResponse, string> = {
  accepted: 'success.main',
  tentative: 'warning.main',
  declined: 'error.main',
  needsAction: 'text.disabled',
};

/** A guest's answer as an icon and a word ("Accepted"), as the owner and the guests see it. */
export function CalendarResponseLabel({ response }: { response: CalendarResponse }) {
  const { t } = useTranslation();
  const Icon = RESPONSE_ICONS[response];
  return (
    <Box
      component="span"
      data-response={response}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        whiteSpace: 'nowrap',
      }}
    >
      <Icon sx={{ fontSize: 16, color: RESPONSE_COLORS[response] }} />
      {t(`calendar.responses.${response}`)}
    </Box>
  );
}
