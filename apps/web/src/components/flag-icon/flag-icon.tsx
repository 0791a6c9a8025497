import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A country's flag, or `AR`: a neutral mark for Arabic, which no one country speaks for. */
type Country = 'GB' | 'FR' | 'VN' | 'CN' | 'AR';

/** Simplified national flags as inline SVG: no emoji fonts, no third-party image hosts. */
const FLAGS: Record<Country, ReactNode> = {
  GB: (
    <>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0l60 40M60 0L0 40" stroke="#fff" strokeWidth="8" />
      <path d="M0 0l60 40M60 0L0 40" stroke="#C8102E" strokeWidth="3" />
      <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#C8102E" strokeWidth="7" />
    </>
  ),
  FR: (
    <>
      <rect width="20" height="40" fill="#002395" />
      <rect x="20" width="20" height="40" fill="#fff" />
      <rect x="40" width="20" height="40" fill="#ED2939" />
    </>
  ),
  VN: (
    <>
      <rect width="60" height="40" fill="#DA251D" />
      <path d="M30 9l2.6 8h8.4l-6.8 5 2.6 8-6.8-5-6.8 5 2.6-8-6.8-5h8.4z" fill="#FFFF00" />
    </>
  ),
  CN: (
    <>
      <rect width="60" height="40" fill="#DE2910" />
      <path
        d="M12 5l1.8 5.4h5.6l-4.6 3.4 1.8 5.4-4.6-3.4-4.6 3.4 1.8-5.4-4.6-3.4h5.6z"
        fill="#FFDE00"
      />
      <circle cx="24" cy="5" r="1.5" fill="#FFDE00" />
      <circle cx="27" cy="10" r="1.5" fill="#FFDE00" />
      <circle cx="27" cy="16" r="1.5" fill="#FFDE00" />
      <circle cx="24" cy="20" r="1.5" fill="#FFDE00" />
    </>
  ),
  AR: (
    <>
      <rect width="60" height="40" fill="#0B6E4F" />
      <text
        x="30"
        y="29"
        textAnchor="middle"
        fontSize="26"
        fontWeight="700"
        fill="#fff"
        fontFamily="'Noto Sans Arabic', 'Noto Sans', sans-serif"
      >
        ع
      </text>
    </>
  ),
};

export function FlagIcon({ country, size = 26 }: { country: Country; size?: number }) {
  return (
    <Box
      component="span"
      sx={{
        width: size,
        height: (size * 2) / 3,
        display: 'inline-flex',
        borderRadius: 0.5,
        overflow: 'hidden',
        flexShrink: 0,
        boxShadow: '0 0 0 1px rgba(0,0,0,0.08)',
      }}
    >
      <svg viewBox="0 0 60 40" width="100%" height="100%" aria-hidden="true">
        {FLAGS[country]}
      </svg>
    </Box>
  );
}
