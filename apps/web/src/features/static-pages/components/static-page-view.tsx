import { useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import type { StaticPageContent } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LegalAccordion } from './legal-accordion';
import { SectionBody } from './section-body';

const stickyTop = { md: 96 };
const anchorOffset = { xs: 128, md: 88 };

/**
 * One marketing or legal page from its content (packages/shared/src/content): the 1332 px frame,
 * an "On this page" index beside the text on wide screens, and the sections
 * either all open (article) or folded (accordion, terms).
 */
export function StaticPageView({ page }: { page: StaticPageContent }) {
  usePageMeta({ title: page.title, description: page.metaDescription });
  const { hash } = useLocation();
  const sectionIds = useMemo(() => page.sections.map((s) => s.id), [page.sections]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  // A link to /terms-and-conditions#disputes opens that section before scrolling to it.
  const target = decodeURIComponent(hash.slice(1));
  useEffect(() => {
    if (page.layout !== 'accordion' || !target) return;
    setExpanded((open) => (open.has(target) ? open : new Set([...open, target])));
  }, [page.layout, target]);
  useScrollToHash(sectionIds);

  const onToggle = useCallback((id: string, open: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onAll = useCallback((open: boolean) => setExpanded(open ? new Set(page.sections.map((s) => s.id)) : new Set()), [page.sections]);

  return (
    <PageContainer>
      <Box component="header" sx={{ mb: { xs: 3, md: 5 }, maxWidth: 880 }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }} gutterBottom>
          {page.title}
        </Typography>
        {page.lastUpdated ? (
          <Typography color="text.secondary" sx={{ fontWeight: 600, mb: 2 }}>
            {page.lastUpdated}
          </Typography>
        ) : null}
        {page.intro.map((paragraph) => (
          <Typography key={paragraph} sx={{ fontSize: { xs: '1.1rem', md: '1.2rem' }, lineHeight: 1.6, color: 'text.secondary', mb: 1.5 }}>
            {paragraph}
          </Typography>
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: { xs: 3, md: 6 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' } }}>
        <Box
          component="nav"
          aria-label="On this page"
          // On phones the folded terms are their own index; the article pages keep theirs.
          sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: stickyTop, display: { xs: page.layout === 'accordion' ? 'none' : 'block', md: 'block' } }}
        >
          <Typography component="h2" variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            On this page
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: { xs: 'flex', md: 'block' },
              flexWrap: 'wrap',
              gap: 1,
              '& li': { mb: { md: 1 } },
            }}
          >
            {page.sections.map((section) => (
              <li key={section.id}>
                <Link
                  href={`#${section.id}`}
                  onClick={() => {
                    if (page.layout === 'accordion') onToggle(section.id, true);
                  }}
                  color="text.secondary"
                  sx={{
                    display: 'inline-block',
                    py: { xs: 0.5, md: 0.25 },
                    px: { xs: 1, md: 0 },
                    border: { xs: 1, md: 0 },
                    borderColor: 'divider',
                    borderRadius: 4,
                    fontSize: '0.95rem',
                  }}
                >
                  {section.heading}
                </Link>
              </li>
            ))}
          </Box>
        </Box>

        <Box sx={{ minWidth: 0, maxWidth: 860 }}>
          {page.layout === 'accordion' ? (
            <LegalAccordion sections={page.sections} expanded={expanded} onToggle={onToggle} onAll={onAll} />
          ) : (
            page.sections.map((section) => (
              <Box
                component="section"
                key={section.id}
                id={section.id}
                tabIndex={-1}
                aria-labelledby={`${section.id}-heading`}
                sx={{ mb: { xs: 4, md: 5 }, scrollMarginTop: anchorOffset, outline: 'none' }}
              >
                <Typography id={`${section.id}-heading`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
                  {section.heading}
                </Typography>
                <SectionBody section={section} />
              </Box>
            ))
          )}

          {page.callToAction ? (
            <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, mt: 4, bgcolor: 'background.default' }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {page.callToAction.heading}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {page.callToAction.text}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {page.callToAction.links.map((link, i) => (
                  <Button key={link.href} href={link.href} variant={i === 0 ? 'contained' : 'outlined'}>
                    {link.label}
                  </Button>
                ))}
              </Stack>
            </Paper>
          ) : null}
        </Box>
      </Box>
    </PageContainer>
  );
}
