import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { PASSWORD_MIN, passwordRules, passwordStrength } from './password-policy';
import type { RuleState } from './password-policy';

const STRENGTH = ['weak', 'weak', 'fair', 'good', 'strong'] as const;
const STRENGTH_COLOR = ['error', 'error', 'warning', 'info', 'success'] as const;

const ICONS: Record<RuleState, typeof CheckCircleRounded> = {
  ok: CheckCircleRounded,
  failed: CancelRounded,
  unknown: RadioButtonUncheckedRounded,
};
const COLORS: Record<RuleState, string> = {
  ok: 'success.main',
  failed: 'error.main',
  unknown: 'text.disabled',
};

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Props = {
  id: string;
  password: string;
  email: string;
  /** Passwords the server called common (`password_common`), lower-cased. */
  knownCommon: ReadonlySet<string>;
};

/** The policy as you type, plus a strength hint; the password box points here with aria-describedby. */
export function PasswordPolicyList({ id, password, email, knownCommon }: Props) {
  const { t } = useTranslation();
  const rules = passwordRules(password, email, knownCommon);
  const strength = passwordStrength(password);
  return (
    <Box id={id} sx={{ mt: -1.5 }}>
      {password.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <LinearProgress
            variant="determinate"
            value={strength * 25}
            color={STRENGTH_COLOR[strength]}
            aria-hidden
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 56 }}>
            {t(`auth.password.strength.${STRENGTH[strength]}`)}
          </Typography>
        </Box>
      )}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {rules.map((rule) => {
          const Icon = ICONS[rule.state];
          return (
            <Box
              component="li"
              key={rule.key}
              data-state={rule.state}
              data-testid={`password-rule-${rule.key}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, color: COLORS[rule.state] }}
            >
              <Icon sx={{ fontSize: 16 }} aria-hidden />
              <Typography
                variant="caption"
                sx={{ color: rule.state === 'unknown' ? 'text.secondary' : 'inherit' }}
              >
                {t(`auth.password.rules.${rule.key}`, { min: PASSWORD_MIN })}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {' '}
                  {t(`auth.password.state.${rule.state}`)}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
