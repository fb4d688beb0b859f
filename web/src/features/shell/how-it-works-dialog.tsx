import { useNavigate } from "@tanstack/react-router";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";

const STEPS = [
  {
    title: "Make picks",
    text: "Choose a side on questions about real sports events. Each pick costs a few credits, and some are free.",
  },
  {
    title: "Win in multiple ways",
    text: "A correct pick pays double its cost times your multiplier. Build winning streaks and climb the standings.",
  },
  {
    title: "Redeem for rewards",
    text: "Turn the credits you win into gift cards from brands you know.",
  },
] as const;

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export const HowItWorksDialog = ({ open, onOpenChange }: Props) => {
  const navigate = useNavigate();
  const getStarted = () => {
    onOpenChange(false);
    void navigate({ to: "/auth", search: { mode: "signup" } });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="How It Works"
      footer={
        <Button className="w-full" onClick={getStarted}>
          Get Started
        </Button>
      }
    >
      <ol className="space-y-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Dialog>
  );
};
