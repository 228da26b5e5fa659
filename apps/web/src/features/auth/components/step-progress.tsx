import { cn } from '../../../lib/cn';

/**
 * Where the visitor is in a form of several steps (sign-up, spec §4; password reset), as a
 * labelled list whose current item says so to assistive technology.
 */
export function StepProgress<Step extends string>({
  label,
  steps,
  step,
}: {
  label: string;
  steps: readonly { id: Step; label: string }[];
  step: Step;
}) {
  const current = steps.findIndex((s) => s.id === step);
  return (
    <ol aria-label={label} className="grid grid-cols-3 gap-2">
      {steps.map((s, index) => (
        <li
          key={s.id}
          aria-current={index === current ? 'step' : undefined}
          className="flex flex-col gap-1.5 text-xs font-semibold"
        >
          <span
            className={cn('h-1.5 rounded-full', index <= current ? 'bg-sakura-500' : 'bg-ink-100')}
          />
          <span className={index === current ? 'text-ink-900' : 'text-ink-400'}>
            {index + 1}. {s.label}
          </span>
        </li>
      ))}
    </ol>
  );
}
