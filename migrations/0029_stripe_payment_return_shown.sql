-- Which verify call first answered a payment's return from checkout, so only that return says the credits arrived.
-- Payments credited before this column existed count as shown, by the ledger row that credited them: their return was
-- answered already, and a replay of the verify call that credited one still says it added the credits.
ALTER TABLE `stripe_payments` ADD `return_shown_by` text;--> statement-breakpoint
UPDATE `stripe_payments` SET `return_shown_by` = `transaction_id`;
