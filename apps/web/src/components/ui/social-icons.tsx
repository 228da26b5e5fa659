import type { SVGProps } from 'react';

/*
 * Simple line drawings of social networks in the style of the rest of the icon set (24 × 24,
 * 2 px strokes). The icon library has dropped brand logos, so the shop draws its own.
 */
type IconProps = SVGProps<SVGSVGElement>;

function LineIcon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </LineIcon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 4h4.2L20 20h-4.2z" />
      <path d="M19.5 4l-6.2 6.8M10.7 13.2 4.5 20" />
    </LineIcon>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </LineIcon>
  );
}
