import { useEffect, useState, type FormEvent } from "react";
import { contactMessageSchema, type ContactMessage } from "#shared/contact";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { InputField, TextAreaField } from "../../components/ui/field";
import { ApiError, client, unwrap } from "../../lib/api";
import { CONTACT_SENT_CLOSE_MS } from "../../lib/constants";
import { fieldErrors } from "../../lib/form-errors";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };
type Phase = "form" | "submitting" | "sent";
type FieldErrors = Partial<Record<keyof ContactMessage, string>>;

const EMPTY: ContactMessage = { name: "", email: "", subject: "", message: "" };

export const ContactDialog = ({ open, onOpenChange }: Props) => {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("form");

  useEffect(() => {
    if (phase !== "sent") return;
    const timer = setTimeout(() => onOpenChange(false), CONTACT_SENT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onOpenChange]);

  const update = (field: keyof ContactMessage) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof ContactMessage>(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setPhase("submitting");
    try {
      await unwrap(client.contact.$post({ json: parsed.data }));
      setPhase("sent");
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : "Please try again");
      setPhase("form");
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Us"
      description="We usually reply within one business day."
    >
      {phase === "sent" ? (
        <p role="status" className="py-6 text-center font-semibold text-brand-700 dark:text-brand-500">
          Thanks! Your message has been sent.
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-3">
          <InputField
            label="Name"
            autoComplete="name"
            value={values.name}
            error={errors.name}
            onChange={(e) => update("name")(e.target.value)}
          />
          <InputField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => update("email")(e.target.value)}
          />
          <InputField
            label="Subject"
            value={values.subject}
            error={errors.subject}
            onChange={(e) => update("subject")(e.target.value)}
          />
          <TextAreaField
            label="Message"
            rows={4}
            value={values.message}
            error={errors.message}
            onChange={(e) => update("message")(e.target.value)}
          />
          {formError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {formError}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={phase === "submitting"}>
            {phase === "submitting" ? "Sending..." : "Send Message"}
          </Button>
        </form>
      )}
    </Dialog>
  );
};
