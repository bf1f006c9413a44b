import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { type FreelancerShowcase, homeContent } from '@market/shared';
import { HolderLinks } from './holder-links';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

export const SLIDE_INTERVAL_MS = 7000;

const slideIn = keyframes`
  from { opacity: 0; transform: translateX(12px); }
  to { opacity: 1; transform: none; }
`;

/**
 * The certification slider as the WAI-ARIA APG carousel: previous/next buttons, a pause button
 * that stops the automatic rotation, rotation paused while the pointer or keyboard focus is in
 * it, and never started for users who prefer reduced motion. While rotating, slide changes are
 * not announced (aria-live off); once paused they are. Each slide names the freelancers who
 * hold the certification, when anyone does.
 */
export function CertificationSlider({ holders }: { holders?: FreelancerShowcase['certifications'] }) {
  const content = homeContent.certifications;
  const byKey = new Map((holders ?? []).map((c) => [c.certification as string, c]));
  const slides = content.slides;
  const headingId = useId();
  const slidesId = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !userPaused && !reducedMotion;
  const advancing = rotating && !hovered && !focused;

  useEffect(() => {
    if (!advancing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [advancing, slides.length]);

  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);

  return (
    <Box
      component="section"
      id={content.id}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <Typography id={headingId} variant="h4" component="h2" gutterBottom>
        {content.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {content.intro}
      </Typography>

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        {/* With reduced motion nothing rotates, so there is nothing to pause. */}
        {reducedMotion ? null : (
          <IconButton
            onClick={() => setUserPaused((p) => !p)}
            aria-label={rotating ? content.pauseLabel : content.playLabel}
            title={rotating ? content.pauseLabel : content.playLabel}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            {rotating ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        )}
        <IconButton
          onClick={() => go(-1)}
          aria-label={content.previousLabel}
          aria-controls={slidesId}
          title={content.previousLabel}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          onClick={() => go(1)}
          aria-label={content.nextLabel}
          aria-controls={slidesId}
          title={content.nextLabel}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <ChevronRightIcon />
        </IconButton>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} aria-hidden="true">
          {index + 1} / {slides.length}
        </Typography>
      </Box>

      <Box id={slidesId} aria-live={advancing ? 'off' : 'polite'} sx={{ display: 'grid' }}>
        {slides.map((slide, i) => (
          <Paper
            key={slide.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}: ${slide.name}`}
            variant="outlined"
            hidden={i !== index}
            sx={{
              gridArea: '1 / 1',
              p: { xs: 2.5, sm: 3 },
              display: i === index ? 'flex' : 'none',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: { xs: 2, sm: 3 },
              borderTop: 4,
              borderTopColor: 'secondary.main',
              '@media (prefers-reduced-motion: no-preference)': { animation: `${slideIn} 400ms ease-out` },
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                flexShrink: 0,
                width: 72,
                height: 72,
                borderRadius: '50%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
              }}
            >
              <WorkspacePremiumIcon sx={{ fontSize: 40 }} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {slide.name}
              </Typography>
              <Typography sx={{ mb: 1.5 }}>{slide.summary}</Typography>
              <Typography variant="subtitle2" component="p" color="text.secondary">
                Requirements
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {slide.requirements.map((requirement) => (
                  <Box component="li" key={requirement} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 0.25 }}>
                    <CheckCircleOutlineIcon fontSize="small" color="secondary" aria-hidden="true" sx={{ mt: '2px' }} />
                    <span>{requirement}</span>
                  </Box>
                ))}
              </Box>
              <HolderLinks group={byKey.get(slide.key)} more={`/freelancers?certification=${slide.key}`} />
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
