import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ContentSection } from '@market/shared';
import { SectionBody } from './section-body';

interface LegalAccordionProps {
  sections: ContentSection[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string, open: boolean) => void;
  onAll: (open: boolean) => void;
}

/** Terms as an accordion of legal sections; each heading is a real h2. */
export function LegalAccordion({ sections, expanded, onToggle, onAll }: LegalAccordionProps) {
  const allOpen = sections.every((s) => expanded.has(s.id));
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button onClick={() => onAll(!allOpen)} aria-expanded={allOpen}>
          {allOpen ? 'Collapse all sections' : 'Expand all sections'}
        </Button>
      </Box>
      {sections.map((section) => (
        <Accordion
          key={section.id}
          id={section.id}
          expanded={expanded.has(section.id)}
          onChange={(_event, open) => onToggle(section.id, open)}
          disableGutters
          variant="outlined"
          slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: false } }}
          sx={{ scrollMarginTop: { xs: 128, md: 88 }, '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${section.id}-content`} id={`${section.id}-header`}>
            <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              {section.heading}
            </Typography>
          </AccordionSummary>
          {/* MUI wraps the details in a region labelled by the summary (id from aria-controls). */}
          <AccordionDetails>
            <SectionBody section={section} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
