import type { ContactMessage } from "#shared/contact";

/** The API document's example of a message to the team (checked against the schemas by its linters). */
export const EXAMPLE_MESSAGE = {
  name: "Sam Rivera",
  email: "sam@example.com",
  subject: "Gift card not received",
  message: "I redeemed 50 credits for an Amazon card two days ago and have not received it yet.",
} satisfies ContactMessage;
