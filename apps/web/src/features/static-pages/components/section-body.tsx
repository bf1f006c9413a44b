import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ContentSection } from '@market/shared';

/** A section's paragraphs and optional list, as plain text. */
export function SectionBody({ section }: { section: ContentSection }) {
  return (
    <>
      {section.paragraphs.map((paragraph) => (
        <Typography key={paragraph} sx={{ mb: 1.5, fontSize: '1.05rem', lineHeight: 1.7 }}>
          {paragraph}
        </Typography>
      ))}
      {section.bullets ? (
        <Box component="ul" sx={{ pl: 3, my: 0, mb: 1.5, '& li': { mb: 0.75, fontSize: '1.05rem', lineHeight: 1.7 } }}>
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </Box>
      ) : null}
    </>
  );
}
