type Props = { checked: boolean; onChange: (checked: boolean) => void };

export const AgeConfirmation = ({ checked, onChange }: Props) => (
  <label className="flex items-start gap-2 text-sm">
    <input
      type="checkbox"
      className="mt-0.5 h-4 w-4 accent-brand-700"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
    <span>I confirm I am 18 or older</span>
  </label>
);
