import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { PASSWORD_MIN, passwordRules, passwordStrength } from './password-policy';
import type { RuleState } from './password-policy';

const STRENGTH = ['weak', 'weak', 'fair', 'good', 'strong'] as const;
const STRENGTH_COLOR = ['error', 'error', 'warning', 'info', 'success'] as const;

/**
 * Material's rounded check, cancel and empty-circle icons, drawn inline: three icon modules
 * would be three more requests on the sign-up page.
 */
const ICON_PATHS: Record<RuleState, string> = {
  ok: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M9.29 16.29 5.7 12.7a.996.996 0 0 1 0-1.41c.39-.39 1.02-.39 1.41 0L10 14.17l6.88-6.88c.39-.39 1.02-.39 1.41 0s.39 1.02 0 1.41l-7.59 7.59c-.38.39-1.02.39-1.41 0',
  failed:
    'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m4.3 14.3c-.39.39-1.02.39-1.41 0L12 13.41 9.11 16.3c-.39.39-1.02.39-1.41 0a.996.996 0 0 1 0-1.41L10.59 12 7.7 9.11a.996.996 0 0 1 0-1.41c.39-.39 1.02-.39 1.41 0L12 10.59l2.89-2.89c.39-.39 1.02-.39 1.41 0s.39 1.02 0 1.41L13.41 12l2.89 2.89c.38.38.38 1.02 0 1.41',
  unknown:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
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
          {/* A plain bar (MUI's LinearProgress is ~2 KiB of the sign-up page): the word says it. */}
          <Box
            aria-hidden
            sx={(theme) => ({
              flex: 1,
              height: 6,
              borderRadius: 3,
              overflow: 'hidden',
              bgcolor: alpha(theme.palette[STRENGTH_COLOR[strength]].main, 0.24),
            })}
          >
            <Box
              sx={(theme) => ({
                width: `${strength * 25}%`,
                height: 1,
                borderRadius: 'inherit',
                bgcolor: STRENGTH_COLOR[strength] + '.main',
                transition: theme.transitions.create('width'),
              })}
            />
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 56 }}>
            {t(`auth.password.strength.${STRENGTH[strength]}`)}
          </Typography>
        </Box>
      )}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {rules.map((rule) => {
          return (
            <Box
              component="li"
              key={rule.key}
              data-state={rule.state}
              data-testid={`password-rule-${rule.key}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, color: COLORS[rule.state] }}
            >
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                fill="currentColor"
                aria-hidden="true"
                style={{ flexShrink: 0 }}
              >
                <path d={ICON_PATHS[rule.state]} />
              </svg>
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
