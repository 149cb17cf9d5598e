// Kysely table types of migration 0014-notes-news-help: notes, news and seen marks, the FAQ, the guided
// tour's seen flag and referrals.
type IsoInstant = string;
type IsoDate = string;
type Flag = number;

export interface NotesTable {
  id: string;
  nutritionist_id: string;
  patient_id: string | null;
  title: string;
  body_html: string;
  search_text: string;
  note_date: IsoDate;
  pinned: Flag;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface NewsItemsTable {
  id: string;
  title: string;
  body_html: string;
  author_user_id: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface NewsSeenTable {
  user_id: string;
  news_id: string;
  seen_at: IsoInstant;
}

export interface FaqCategoriesTable {
  id: string;
  name: string;
  position: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface FaqItemsTable {
  id: string;
  category_id: string;
  question: string;
  answer_html: string;
  search_text: string;
  position: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface ReferralCodesTable {
  nutritionist_id: string;
  code: string;
  created_at: IsoInstant;
}

export interface ReferralsTable {
  id: string;
  referrer_nutritionist_id: string;
  referred_nutritionist_id: string;
  code: string;
  created_at: IsoInstant;
}

export interface NotesDB {
  notes: NotesTable;
  news_items: NewsItemsTable;
  news_seen: NewsSeenTable;
  faq_categories: FaqCategoriesTable;
  faq_items: FaqItemsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
}
