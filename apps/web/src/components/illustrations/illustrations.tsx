import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Our own inline illustrations, drawn in the current preset's colours so they follow the theme.
 * Decorative: hidden from assistive technology; the text around them carries the meaning.
 */

type Props = { sx?: SxProps<Theme> };

function Frame({ sx, children }: Props & { children: ReactNode }) {
  return (
    <Box sx={{ width: 1, maxWidth: 320, mx: 'auto', ...sx }}>
      <svg viewBox="0 0 480 360" width="100%" height="100%" aria-hidden="true" focusable="false">
        {children}
      </svg>
    </Box>
  );
}

function usePalette() {
  const theme = useTheme();
  return {
    main: theme.palette.primary.main,
    light: theme.palette.primary.light,
    lighter: theme.palette.primary.lighter,
    dark: theme.palette.primary.dark,
    paper: theme.palette.background.paper,
    neutral: theme.palette.background.neutral,
    grey: theme.palette.grey[500],
    warning: theme.palette.warning.main,
    error: theme.palette.error.main,
    text: theme.palette.text.primary,
  };
}

function Backdrop() {
  const c = usePalette();
  return (
    <>
      <ellipse cx="240" cy="322" rx="190" ry="18" fill={c.grey} opacity="0.16" />
      <path
        d="M70 230c-20-70 30-150 120-170s170 10 210 70 10 150-60 170-250 0-270-70z"
        fill={c.main}
        opacity="0.08"
      />
    </>
  );
}

/** A screen under construction: a window with a crane lowering a block. */
export function ConstructionIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={sx}>
      <Backdrop />
      <rect
        x="110"
        y="110"
        width="260"
        height="190"
        rx="16"
        fill={c.paper}
        stroke={c.grey}
        strokeOpacity="0.3"
      />
      <rect x="110" y="110" width="260" height="34" rx="16" fill={c.neutral} />
      <circle cx="132" cy="127" r="5" fill={c.error} />
      <circle cx="150" cy="127" r="5" fill={c.warning} />
      <circle cx="168" cy="127" r="5" fill={c.main} />
      <rect x="134" y="166" width="120" height="12" rx="6" fill={c.grey} opacity="0.3" />
      <rect x="134" y="190" width="200" height="12" rx="6" fill={c.grey} opacity="0.2" />
      <rect x="134" y="214" width="160" height="12" rx="6" fill={c.grey} opacity="0.2" />
      <rect x="270" y="236" width="70" height="44" rx="8" fill={c.main} />
      <path d="M270 250l70 0M270 266l70 0" stroke={c.dark} strokeWidth="3" opacity="0.5" />
      <path d="M60 300V40h220" stroke={c.dark} strokeWidth="8" fill="none" strokeLinecap="round" />
      <path d="M60 70l30-30M60 110l30-30" stroke={c.dark} strokeWidth="4" />
      <path d="M305 40v150" stroke={c.text} strokeWidth="3" strokeDasharray="6 6" />
      <rect
        x="284"
        y="190"
        width="44"
        height="32"
        rx="6"
        fill={c.light}
        stroke={c.dark}
        strokeWidth="3"
      />
      <path d="M40 300h60" stroke={c.dark} strokeWidth="10" strokeLinecap="round" />
    </Frame>
  );
}

/** 404: a magnifier over an empty page. */
export function NotFoundIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={sx}>
      <Backdrop />
      <text
        x="240"
        y="200"
        textAnchor="middle"
        fontSize="150"
        fontWeight="800"
        fill={c.main}
        opacity="0.9"
      >
        404
      </text>
      <circle
        cx="330"
        cy="230"
        r="46"
        fill={c.paper}
        stroke={c.dark}
        strokeWidth="10"
        opacity="0.95"
      />
      <path d="M364 264l44 44" stroke={c.dark} strokeWidth="16" strokeLinecap="round" />
      <path
        d="M312 222q18-18 36 0"
        stroke={c.grey}
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
    </Frame>
  );
}

/** 403 / permission denied: a padlock on a shield. */
export function ForbiddenIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={sx}>
      <Backdrop />
      <path
        d="M240 50l120 40v80c0 80-60 130-120 150-60-20-120-70-120-150V90z"
        fill={c.main}
        opacity="0.9"
      />
      <path d="M240 70l100 34v66c0 66-50 108-100 126z" fill={c.dark} opacity="0.35" />
      <rect x="195" y="160" width="90" height="74" rx="12" fill={c.paper} />
      <path d="M212 160v-20a28 28 0 0 1 56 0v20" stroke={c.paper} strokeWidth="12" fill="none" />
      <circle cx="240" cy="192" r="10" fill={c.dark} />
      <rect x="235" y="196" width="10" height="22" rx="4" fill={c.dark} />
    </Frame>
  );
}

/** 500: a server with a warning sign. */
export function ServerErrorIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={sx}>
      <Backdrop />
      {[90, 160, 230].map((y) => (
        <g key={y}>
          <rect
            x="130"
            y={y}
            width="220"
            height="58"
            rx="12"
            fill={c.paper}
            stroke={c.grey}
            strokeOpacity="0.4"
            strokeWidth="2"
          />
          <circle cx="160" cy={y + 29} r="8" fill={y === 160 ? c.error : c.main} />
          <rect x="186" y={y + 23} width="120" height="12" rx="6" fill={c.grey} opacity="0.3" />
        </g>
      ))}
      <path d="M350 60l50 88h-100z" fill={c.warning} />
      <rect x="346" y="92" width="8" height="30" rx="4" fill={c.paper} />
      <circle cx="350" cy="134" r="5" fill={c.paper} />
    </Frame>
  );
}

/** Maintenance: gear and wrench. */
export function MaintenanceIllustration({ sx }: Props) {
  const c = usePalette();
  const teeth = Array.from({ length: 8 }, (_, i) => i * 45);
  return (
    <Frame sx={sx}>
      <Backdrop />
      <g transform="translate(220 180)">
        {teeth.map((a) => (
          <rect
            key={a}
            x="-14"
            y="-98"
            width="28"
            height="36"
            rx="6"
            fill={c.main}
            transform={`rotate(${a})`}
          />
        ))}
        <circle r="74" fill={c.main} />
        <circle r="30" fill={c.paper} />
      </g>
      <path d="M300 270l70-70a30 30 0 1 1 20 20l-70 70z" fill={c.dark} />
      <circle cx="382" cy="208" r="10" fill={c.paper} />
    </Frame>
  );
}

/** Coming soon: a rocket leaving the ground. */
export function RocketIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={sx}>
      <Backdrop />
      <path d="M240 40c50 40 60 110 40 180h-80c-20-70-10-140 40-180z" fill={c.main} />
      <circle cx="240" cy="130" r="22" fill={c.paper} stroke={c.dark} strokeWidth="6" />
      <path d="M200 220l-40 40 10-70zM280 220l40 40-10-70z" fill={c.dark} />
      <path d="M215 230q25 80 50 0z" fill={c.warning} />
      <circle cx="120" cy="90" r="4" fill={c.grey} />
      <circle cx="380" cy="70" r="5" fill={c.grey} />
      <circle cx="360" cy="160" r="3" fill={c.grey} />
    </Frame>
  );
}

/** Sign-in side panel: a dashboard with charts. */
export function DashboardIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={sx}>
      <Backdrop />
      <rect
        x="70"
        y="70"
        width="340"
        height="230"
        rx="18"
        fill={c.paper}
        stroke={c.grey}
        strokeOpacity="0.3"
      />
      <rect x="70" y="70" width="80" height="230" rx="18" fill={c.neutral} />
      {[100, 130, 160, 190].map((y) => (
        <rect key={y} x="88" y={y} width="44" height="10" rx="5" fill={c.grey} opacity="0.35" />
      ))}
      <rect x="170" y="92" width="100" height="60" rx="10" fill={c.main} opacity="0.9" />
      <rect x="286" y="92" width="100" height="60" rx="10" fill={c.light} opacity="0.7" />
      <path
        d="M176 262l40-40 30 22 44-56 40 30 40-40"
        stroke={c.main}
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M176 280h210" stroke={c.grey} strokeOpacity="0.3" strokeWidth="2" />
    </Frame>
  );
}

/** Empty state: an open tray. */
export function EmptyIllustration({ sx }: Props) {
  const c = usePalette();
  return (
    <Frame sx={{ maxWidth: 160, ...sx }}>
      <path
        d="M110 200l50-90h160l50 90v90a16 16 0 0 1-16 16H126a16 16 0 0 1-16-16z"
        fill={c.grey}
        opacity="0.16"
      />
      <path
        d="M110 200h90l20 30h40l20-30h90"
        stroke={c.grey}
        strokeOpacity="0.5"
        strokeWidth="6"
        fill="none"
      />
    </Frame>
  );
}
