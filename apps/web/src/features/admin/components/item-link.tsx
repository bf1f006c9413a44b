import Link from '@mui/material/Link';

/** An escrow item named as the server names it, linked to its page when it has one the admin can open. */
export function ItemLink({ label, link }: { label: string; link: string | null }) {
  // Underlined: in a sentence (the reconcile report) a link must not stand out by colour alone.
  return link ? (
    <Link href={link} underline="always">
      {label}
    </Link>
  ) : (
    <>{label}</>
  );
}
