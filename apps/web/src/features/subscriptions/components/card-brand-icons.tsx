import { Box } from '@mui/material';

/** The card brands accepted at checkout, as inline images with accessible names (spec section 2). */
function CardIcon({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <Box
      component="svg"
      role="img"
      aria-label={name}
      viewBox="0 0 48 30"
      sx={{ width: 48, height: 30, borderRadius: '4px', boxShadow: '0 0 0 1px rgba(0,0,0,0.12)', flex: 'none' }}
    >
      <title>{name}</title>
      {children}
    </Box>
  );
}

export function CardBrandIcons() {
  return (
    <Box
      role="group"
      aria-label="Accepted cards"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <CardIcon name="Visa">
        <rect width="48" height="30" rx="4" fill="#1a1f71" />
        <text
          x="24"
          y="20"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontSize="13"
          fontWeight="700"
          fontStyle="italic"
          fill="#fff"
        >
          VISA
        </text>
      </CardIcon>
      <CardIcon name="MasterCard">
        <rect width="48" height="30" rx="4" fill="#fff" />
        <circle cx="19" cy="15" r="9" fill="#eb001b" />
        <circle cx="29" cy="15" r="9" fill="#f79e1b" fillOpacity="0.9" />
      </CardIcon>
      <CardIcon name="AMEX">
        <rect width="48" height="30" rx="4" fill="#2e77bc" />
        <text
          x="24"
          y="19"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontSize="11"
          fontWeight="700"
          fill="#fff"
        >
          AMEX
        </text>
      </CardIcon>
      <CardIcon name="Discover">
        <rect width="48" height="30" rx="4" fill="#fff" />
        <text x="3" y="17.5" fontFamily="Arial, sans-serif" fontSize="7" fontWeight="700" fill="#231f20">
          DISC
        </text>
        <circle cx="23.5" cy="15" r="3.3" fill="#f48024" />
        <text x="27.2" y="17.5" fontFamily="Arial, sans-serif" fontSize="7" fontWeight="700" fill="#231f20">
          VER
        </text>
      </CardIcon>
    </Box>
  );
}
