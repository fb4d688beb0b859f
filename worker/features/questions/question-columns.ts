/** The columns an admin writes when creating or editing a question (database names). */
export const EDITABLE_COLUMNS = [
  "title",
  "sport_category",
  "custom_category",
  "credit_cost",
  "deadline",
  "image_url",
  "status",
  "publish_at",
  "question_type",
  "answer_option_a",
  "answer_option_b",
  "is_free_pick",
  "is_player_prop",
  "tags",
] as const;
