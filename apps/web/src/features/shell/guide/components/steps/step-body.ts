/** What every step's body gets (components/step-bodies.ts). */
export interface StepBodyProps {
  orgId: string;
  onSaved: () => void;
}
