const petals = [0, 72, 144, 216, 288];

/**
 * The shop's mark: a sakura blossom on an ink tile (same drawing as public/favicon.svg), as
 * large as `className` makes it (`size-9` when none is given).
 */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-ink-800" />
      <g transform="translate(16 16.5)" className="fill-sakura-400">
        {petals.map((angle) => (
          <ellipse key={angle} cx="0" cy="-6.5" rx="4.2" ry="6" transform={`rotate(${angle})`} />
        ))}
        <circle r="3" className="fill-sun-400" />
      </g>
    </svg>
  );
}
