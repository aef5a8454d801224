import type { ReactNode } from 'react';

/** One numbered step of the booking form (a card with its heading). */
export function StepCard({ id, number, title, children }: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <section className="book-card" aria-labelledby={id}>
      <h2 id={id} className="book-step">
        <span className="book-step__number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
