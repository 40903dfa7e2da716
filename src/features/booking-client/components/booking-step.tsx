import { useEffect, useRef, type ReactNode } from 'react';

/** Brings a step that has just appeared below the fold into view (on a phone it is under the finger's last choice). */
function useRevealOnMount(reveal: boolean) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!reveal || !element || element.getBoundingClientRect().top < window.innerHeight * 0.7) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: calm ? 'auto' : 'smooth' });
  }, [reveal]);
  return ref;
}

/** One numbered step of Prenota: a group of options under its legend. */
export function BookingStep({
  number,
  legend,
  children,
}: {
  number: number;
  legend: string;
  children: ReactNode;
}) {
  const ref = useRevealOnMount(number > 1);
  return (
    <fieldset ref={ref} className="grid min-w-0 scroll-mt-4 gap-3">
      <legend className="mb-3 flex items-center gap-2 font-sans text-lg font-semibold">
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
        >
          {number}
        </span>
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
