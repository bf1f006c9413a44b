import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FreelancerShowcase } from '@market/shared';

type Group = { count: number; holders: FreelancerShowcase['badges'][number]['holders'] };

/** "Held by Fay F., Ken W. and 3 more": links to the holders' profiles and to the directory, filtered. */
export function HolderLinks({ group, more }: { group: Group | undefined; more: string }) {
  if (!group || group.count === 0) return null;
  const rest = group.count - group.holders.length;
  return (
    <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="holders">
      Held by{' '}
      {group.holders.map((h, i) => (
        <span key={h.id}>
          {i > 0 ? ', ' : ''}
          <Link component="a" href={`/freelancers/${h.id}`}>{h.name}</Link>
        </span>
      ))}
      {rest > 0 ? ' and ' : ' · '}
      <Link href={more}>{rest > 0 ? `${rest} more` : 'see all'}</Link>
    </Typography>
  );
}
