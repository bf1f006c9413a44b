import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

export interface DomainFact {
  label: string;
  value: ReactNode;
}

interface DomainCardProps {
  title: ReactNode;
  badge?: ReactNode;
  facts: DomainFact[];
  footer?: ReactNode;
}

/** One table row as a card, for phones: the name, a badge, label/value pairs, actions. */
export function DomainCard({ title, badge, facts, footer }: DomainCardProps) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>{title}</Box>
        {badge ? <Box sx={{ flexShrink: 0 }}>{badge}</Box> : null}
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1.5, fontSize: '0.875rem' }}
      >
        {facts.map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {fact.label}
            </Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'right', minWidth: 0 }}>
              {fact.value}
            </Box>
          </Box>
        ))}
      </Box>
      {footer ? <Box sx={{ mt: 1.5 }}>{footer}</Box> : null}
    </Paper>
  );
}

/** The list the cards sit in. */
export function DomainCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}
