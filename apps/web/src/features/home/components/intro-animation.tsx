import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import LanguageIcon from '@mui/icons-material/Language';
import { homeContent } from '@market/shared';
import { useIntroAnimation } from '../hooks/use-intro-animation';

const rise = keyframes`
  from { opacity: 0; transform: translateY(16px); }
  to { opacity: 1; transform: none; }
`;
const pop = keyframes`
  0% { opacity: 0; transform: scale(0.6) rotate(-30deg); }
  60% { opacity: 1; transform: scale(1.08) rotate(0); }
  100% { opacity: 1; transform: scale(1); }
`;
const fadeOut = keyframes`
  to { opacity: 0; visibility: hidden; }
`;
const sweep = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`;

/**
 * Decorative brand intro over the page for INTRO_ANIMATION_MS. Hidden from assistive tech (the
 * page under it is fully usable), and a click or Escape dismisses it early.
 */
export function IntroAnimation({ skip = false }: { skip?: boolean }) {
  const { visible, dismiss } = useIntroAnimation({ skip });
  const { brand, tagline, durationMs, fadeOutMs } = homeContent.intro;

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, dismiss]);

  if (!visible) return null;
  return (
    <Box
      aria-hidden="true"
      data-testid="home-intro"
      onClick={dismiss}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 2,
        textAlign: 'center',
        color: '#fff',
        background: 'linear-gradient(135deg, #071f4d 0%, #0b3d91 55%, #0f7b6c 100%)',
        cursor: 'pointer',
        animation: `${fadeOut} ${fadeOutMs}ms ease-in ${durationMs - fadeOutMs}ms forwards`,
      }}
    >
      <LanguageIcon sx={{ fontSize: { xs: 64, sm: 88 }, animation: `${pop} 900ms ease-out both` }} />
      <Box
        component="span"
        sx={{ fontSize: { xs: '2rem', sm: '3rem' }, fontWeight: 800, letterSpacing: '-0.02em', animation: `${rise} 700ms ease-out 300ms both` }}
      >
        {brand}
      </Box>
      <Box
        component="span"
        sx={{ fontSize: { xs: '1.1rem', sm: '1.35rem' }, opacity: 0.9, animation: `${rise} 700ms ease-out 800ms both` }}
      >
        {tagline}
      </Box>
      <Box
        sx={{
          width: 160,
          height: 3,
          borderRadius: 2,
          bgcolor: '#f5a623',
          transformOrigin: 'left',
          animation: `${sweep} ${durationMs - fadeOutMs - 800}ms linear 800ms both`,
        }}
      />
    </Box>
  );
}
