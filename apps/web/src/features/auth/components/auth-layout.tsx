import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark, Card, Page } from '../../../components/ui';

export interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode;
  children: ReactNode;
}

const perks = [
  'Exclusive figures, manga volumes and apparel',
  'Your cart follows you to any device',
  'Track every order in your purchase history',
];

/** The frame of login, sign-up and recruiter pages: a welcome panel beside the form card. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  return (
    <Page className="flex justify-center">
      <div className="grid w-full max-w-5xl overflow-hidden rounded-3xl lg:grid-cols-[1fr_1.1fr] lg:bg-white lg:shadow-xl lg:shadow-ink-900/10 lg:ring-1 lg:ring-ink-100">
        <aside className="relative hidden flex-col justify-between gap-10 bg-gradient-to-br from-ink-900 via-ink-800 to-sakura-800 p-10 text-white lg:flex">
          <div className="flex items-center gap-3">
            <BrandMark className="size-11" />
            <span className="font-display text-2xl font-extrabold tracking-tight">
              Otaku <span className="text-sakura-300">Shelf</span>
            </span>
          </div>
          <div className="flex flex-col gap-5">
            <p className="font-display text-3xl leading-tight font-bold">
              Your shelf of anime treasures is one step away.
            </p>
            <ul className="flex flex-col gap-3 text-ink-100">
              {perks.map((perk) => (
                <li key={perk} className="flex items-start gap-2.5">
                  <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sun-300" />
                  {perk}
                </li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-ink-200">Flat $5 shipping on every order.</p>
        </aside>

        <Card className="flex flex-col gap-6 p-6 sm:p-10 lg:rounded-none lg:shadow-none lg:ring-0">
          <header className="flex flex-col gap-1.5">
            <h1 className="font-display text-3xl font-extrabold tracking-tight text-ink-900">
              {title}
            </h1>
            <p className="text-sm text-ink-500">{subtitle}</p>
          </header>
          {children}
          {footer ? (
            <nav
              aria-label="Other ways in"
              className="flex flex-col gap-2 border-t border-ink-100 pt-5 text-sm text-ink-600"
            >
              {footer}
            </nav>
          ) : null}
        </Card>
      </div>
    </Page>
  );
}

/** A link line in the footer of the auth card: "New here? Create an account". */
export function AuthFooterLine({ children }: { children: ReactNode }) {
  return <p className="flex flex-wrap items-center gap-x-1.5">{children}</p>;
}
