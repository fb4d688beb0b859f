/**
 * Staff accounts (every role but player) award credits, resolve questions and fulfil redemptions, so they never play:
 * the server refuses their picks, contest entries and redemptions with this message, and the app says it beside the
 * controls it disables.
 */
export const STAFF_PLAY_MESSAGE = "Staff accounts cannot make picks, join contests or redeem credits";

export const isStaffRole = (role: string) => role !== "player";
