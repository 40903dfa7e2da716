import { Users } from 'lucide-react';
import { useState } from 'react';
import { cx } from 'class-variance-authority';

/** 'GR' for 'Giulia Rossi', 'G' for 'Giulia'. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const circle =
  'flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full border border-border';

/** An operator's round photo; the initials when there is none or it fails to load. Decorative: the name is beside it. */
export function OperatorAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (imageUrl && !failed)
    return (
      <img
        src={imageUrl}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        onError={() => setFailed(true)}
        className={cx(circle, 'object-cover')}
      />
    );
  return (
    <span
      aria-hidden="true"
      data-initials=""
      className={cx(circle, 'bg-accent font-semibold text-accent-foreground')}
    >
      {initialsOf(name)}
    </span>
  );
}

/** The avatar of 'Qualsiasi operatore'. */
export function AnyOperatorAvatar() {
  return (
    <span aria-hidden="true" className={cx(circle, 'bg-muted text-primary')}>
      <Users className="size-6" />
    </span>
  );
}
