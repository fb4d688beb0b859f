import { CheckboxField } from "../../components/ui/field";

type Props = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Said under the box (sign-up). */
  error?: string | undefined;
  /** The form's own problem notice, when the box is what it is about (redemptions, which say one thing at a time). */
  problemId?: string | undefined;
};

/** The 18+ box the terms call for: at sign-up and again at each redemption. */
export const AgeConfirmation = ({ checked, onChange, error, problemId }: Props) => (
  <CheckboxField
    label="I confirm I am 18 or older"
    checked={checked}
    onChange={onChange}
    error={error}
    describedBy={problemId}
  />
);
