/**
 * The database schema: every entity of spec §3, plus the tables the server needs to keep its promises
 * (reset tokens, contact submissions, the mail outbox, processed webhook events).
 *
 * Conventions (docs/architecture.md):
 * - Money is integer cents (`registration_price`, `supply_fee`, `original_amount`, `final_amount`).
 * - Family-owned rows (users, students, allergies, trustees, enrollments, waitlist, payments) have UUID ids,
 *   so ids cannot be guessed by counting; catalog rows staff create (sections, sessions, policies,
 *   announcements, resources) have integer ids that read well in URLs.
 * - Calendar dates are `date` (ISO "YYYY-MM-DD"); instants are `timestamptz`.
 * - Statuses are text with CHECK constraints; the allowed values live in `statuses` below.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created').notNull().defaultNow();

/** Allowed status values (docs/architecture.md, Registration domain). */
export const statuses = {
  user: ['Parent', 'Staff', 'Admin'],
  enrollment: ['PendingPayment', 'Enrolled', 'Cancelled', 'Withdrawn'],
  payment: ['Pending', 'Paid', 'Failed', 'Expired', 'Refunded', 'RefundDue'],
  waitlist: ['Waiting', 'Offered', 'Accepted', 'Expired', 'Withdrawn'],
  policy: ['Expectation', 'Dismissal', 'LatePickup'],
  digitalResource: ['Document', 'Video', 'Link', 'Image'],
  userToken: ['PasswordReset', 'EmailConfirmation', 'StaffInvite'],
  mail: ['Pending', 'Sent', 'Failed'],
  attendance: ['CheckIn', 'CheckOut'],
  /** How an attendance record was made (issue 11): a scanned pass, its typed code, or staff by hand. */
  attendanceMethod: ['Pass', 'Code', 'Staff'],
  /** The second factor of a pickup (issue 11): the adult's PIN or the staff member confirming the photo. */
  secondFactor: ['Pin', 'Photo'],
  /** Contact and schedule-a-tour submissions in the staff inbox (issue 10). */
  inquiry: ['New', 'Replied', 'Toured', 'Enrolled', 'Closed'],
  /** Tutoring waitlist submissions (no automatic offers; the center places families by hand). */
  tutoring: ['New', 'Contacted', 'Placed', 'Closed'],
  inboxEntry: ['Note', 'Reply'],
  refund: ['Pending', 'Succeeded', 'Failed'],
  /** The center's calendar (issue 24): closed all day, or home early (contract CLOSURE_KINDS). */
  closure: ['Closed', 'EarlyDismissal'],
  /** A family's conversation in the staff inbox (issue 25; contract CONVERSATION_STATUSES). */
  conversation: ['New', 'Replied', 'Closed'],
  /** Which side wrote a message (contract MESSAGE_SIDES). */
  messageSide: ['Family', 'Center'],
  /** A post to a session's day (issue 25; contract DAY_POST_KINDS). */
  dayPost: ['ClassNote', 'ChildNote', 'Photo'],
  /** How much of a meal a child ate (contract MEAL_AMOUNTS). */
  mealAmount: ['All', 'Some', 'None'],
  /** What kind of incident a report is (issue 26; contract INCIDENT_KINDS). */
  incidentKind: ['Injury', 'Illness', 'Behaviour', 'Other'],
  /** How a staff member's time on duty was recorded (issue 26; contract PUNCH_SOURCES). */
  punchSource: ['Tablet', 'Phone', 'Correction'],
  /** A room's children against its adults (contract RATIO_STATES). */
  ratioState: ['ok', 'atLimit', 'over'],
  /** A staff member's certification (contract CERTIFICATION_KINDS). */
  certification: [
    'Cpr',
    'PediatricFirstAid',
    'BackgroundCheck',
    'TbTest',
    'MandatedReporter',
    'TrainingHours',
  ],
} as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

// ---------------------------------------------------------------------------------------------------
// People and access

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull().default('Parent'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased and trimmed (contract EmailSchema), so equality is case-insensitive. */
    emailAddress: text('email_address').notNull(),
    /** argon2id PHC string. */
    password: text('password').notNull(),
    /** Mobile number for SMS, E.164. */
    sms: text('sms'),
    emailConfirmedAt: instant('email_confirmed_at'),
    /** Bumped on password reset / sign-out-everywhere; JWTs carry it as `tv` and die when it moves. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A teacher (Staff) given the right to read and answer the inbox; Admins always may (issue 10). */
    inboxAccess: boolean('inbox_access').notNull().default(false),
    /**
     * When the family closed their account (issue 13): the row stays so payments keep their payer for the
     * center's accounting, with the names, email and phone replaced (features/family/close-account.ts).
     */
    closedAt: instant('closed_at'),
    /** The language the family reads: 'en' or 'es' (issue 14, decision 015). Their emails follow it. */
    language: text('language').notNull().default('en'),
    /** How they hear about new messages (issue 25): by email, by text to `sms`; both can be off. */
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    /** Their quiet hours, the center's wall clock "HH:MM" (the center's default for everyone: 8 pm to 7 am). */
    quietFrom: text('quiet_from').notNull().default('20:00'),
    quietUntil: text('quiet_until').notNull().default('07:00'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_address_key').on(t.emailAddress),
    check('users_type_check', inList('type', statuses.user)),
    check('users_language_check', inList('language', ['en', 'es'])), // contract LANGUAGES
  ],
);

/** One-time tokens mailed to a user (password reset, email confirmation); only a SHA-256 hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    index('user_tokens_user_id_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_check', inList('purpose', statuses.userToken)),
  ],
);

/**
 * Signed-in sessions (issue 21; decision 016): one row per session token, named by its `sid` claim. A token
 * works while its row exists, has no `ended_at` and has not passed `expires_at` (the token's `exp`); logging out
 * sets `ended_at` on one row, "log out everywhere" on every row of the user. Rows are deleted a day after they
 * expire (background round).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    endedAt: instant('ended_at'),
    created: createdAt(),
  },
  (t) => [
    index('user_sessions_user_id_idx').on(t.userId),
    index('user_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Catalog: sections, sessions, policies, resources, announcements

export const classSections = pgTable(
  'class_sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    isActive: boolean('is_active').notNull().default(true),
    name: text('name').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /**
     * The program's licensing ratio (issue 26, decision 038): children per adult on duty in one of its rooms.
     * A session with no program counts with contract DEFAULT_CHILDREN_PER_ADULT.
     */
    childrenPerAdult: integer('children_per_adult').notNull().default(12),
  },
  () => [check('class_sections_ratio_check', sql`children_per_adult between 1 and 40`)],
);

export const policies = pgTable(
  'policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    policyType: text('policy_type').notNull(),
    name: text('name').notNull(),
    htmlValue: text('html_value').notNull(),
    created: createdAt(),
    lastUpdated: instant('last_updated').notNull().defaultNow(),
  },
  () => [check('policies_policy_type_check', inList('policy_type', statuses.policy))],
);

export const classSessions = pgTable(
  'class_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    thumbnail: text('thumbnail'),
    sessionStartDate: date('session_start_date').notNull(),
    sessionEndDate: date('session_end_date').notNull(),
    priorityRegistrationStartDate: instant('priority_registration_start_date'),
    priorityRegistrationEndDate: instant('priority_registration_end_date'),
    registrationStartDate: instant('registration_start_date'),
    registrationEndDate: instant('registration_end_date'),
    daySchedule: text('day_schedule').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Stripe Price id for the registration line item, when the center manages prices in Stripe. */
    stripeLineItem: text('stripe_line_item'),
    /** Stripe Price id for the supply fee line item. */
    supplyFeeLineItem: text('supply_fee_line_item'),
    /** Cents. */
    registrationPrice: integer('registration_price').notNull(),
    /** Cents. */
    supplyFee: integer('supply_fee').notNull().default(0),
    rosterSize: integer('roster_size').notNull(),
    /** Youngest age allowed on the session's first day, in whole months (issue 10); null: no limit. */
    minAgeMonths: integer('min_age_months'),
    /** Oldest age allowed on the session's first day, in whole months (inclusive); null: no limit. */
    maxAgeMonths: integer('max_age_months'),
    waitlistActive: boolean('waitlist_active').notNull().default(true),
    waitlistSize: integer('waitlist_size').notNull().default(0),
    classSectionId: integer('class_section_id').references(() => classSections.id, { onDelete: 'set null' }),
    expectationPolicyId: integer('expectation_policy_id').references(() => policies.id, {
      onDelete: 'set null',
    }),
    dismissalPolicyId: integer('dismissal_policy_id').references(() => policies.id, { onDelete: 'set null' }),
    latePickupPolicyId: integer('late_pickup_policy_id').references(() => policies.id, {
      onDelete: 'set null',
    }),
    /**
     * Refund policy (issue 13, contract `refund-policy.ts`): the registration and supply fee come back in full
     * when a family withdraws up to this many days before the first day.
     */
    refundFullDaysBefore: integer('refund_full_days_before').notNull().default(14),
    /** After that and until the last day: this percentage of the registration (0–100). */
    refundPercentAfter: integer('refund_percent_after').notNull().default(50),
    /** The supply fee comes back in full up to this date (inclusive); null: only in the full-refund window. */
    supplyFeeRefundUntil: date('supply_fee_refund_until'),
    /** Sibling discount (issue 13): 'Amount' (cents) or 'Percent' off registration per additional child; null: none. */
    siblingDiscountType: text('sibling_discount_type').$type<'Amount' | 'Percent'>(),
    /** Cents for 'Amount', 1–100 for 'Percent'. */
    siblingDiscountValue: integer('sibling_discount_value').notNull().default(0),
    /** Also count a brother or sister enrolled in another session of the same program (class section). */
    siblingDiscountAcrossProgram: boolean('sibling_discount_across_program').notNull().default(false),
    /**
     * The payment plan (issue 23, contract `payment-plan.ts`): the deposit per child in cents, null when the
     * session offers no plan; the plan's fee per child (cents); the instalments' due dates (ISO, ascending).
     */
    planDeposit: integer('plan_deposit'),
    planFee: integer('plan_fee').notNull().default(0),
    planDueDates: jsonb('plan_due_dates').$type<string[]>().notNull().default([]),
    /**
     * The plan's late fee (issue 23, decision 023): cents added once to an instalment still unpaid
     * `planLateFeeDays` days after its date; 0 for none.
     */
    planLateFee: integer('plan_late_fee').notNull().default(0),
    planLateFeeDays: integer('plan_late_fee_days').notNull().default(7),
    created: createdAt(),
    /** When staff last changed the session (the sitemap's lastmod, issue 12). */
    lastUpdated: instant('last_updated').notNull().defaultNow(),
  },
  (t) => [
    index('class_sessions_start_idx').on(t.sessionStartDate),
    check('class_sessions_money_check', sql`registration_price >= 0 and supply_fee >= 0`),
    check('class_sessions_sizes_check', sql`roster_size >= 0 and waitlist_size >= 0`),
    check('class_sessions_dates_check', sql`session_end_date >= session_start_date`),
    check(
      'class_sessions_refund_policy_check',
      sql`refund_full_days_before between 0 and 365 and refund_percent_after between 0 and 100`,
    ),
    check(
      'class_sessions_sibling_discount_check',
      sql`(sibling_discount_type is null and sibling_discount_value = 0)
        or (sibling_discount_type = 'Amount' and sibling_discount_value > 0)
        or (sibling_discount_type = 'Percent' and sibling_discount_value between 1 and 100)`,
    ),
    check(
      'class_sessions_ages_check',
      sql`(min_age_months is null or min_age_months >= 0) and (max_age_months is null or max_age_months >= 0)
        and (min_age_months is null or max_age_months is null or min_age_months <= max_age_months)`,
    ),
  ],
);

export const digitalResources = pgTable(
  'digital_resources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    fileName: text('file_name'),
    description: text('description'),
    url: text('url').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    uploadDate: instant('upload_date').notNull().defaultNow(),
    /** Position in the session's list as staff arranged it (issue 10); ties fall back to the name. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('digital_resources_session_idx').on(t.classSessionId),
    check('digital_resources_type_check', inList('type', statuses.digitalResource)),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shortURL: text('short_url'),
    title: text('title').notNull(),
    category: text('category'),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    dateCreated: instant('date_created').notNull().defaultNow(),
    startDate: instant('start_date'),
    endDate: instant('end_date'),
    webMessage: text('web_message'),
    showOnWeb: boolean('show_on_web').notNull().default(true),
    emailMessage: text('email_message'),
    sendEmail: boolean('send_email').notNull().default(false),
    smsMessage: text('sms_message'),
    sendSMS: boolean('send_sms').notNull().default(false),
    classSessionId: integer('class_session_id').references(() => classSessions.id, { onDelete: 'cascade' }),
    /**
     * Staff compose (issue 10): when the email and text go out. Null with `sentAt` null: sent at posting
     * (the spec §7 call). The background sweep sends due rows under its advisory lock, once.
     */
    sendAt: instant('send_at'),
    /** When the email and texts were handed to delivery; after it, edits change the web copy only. */
    sentAt: instant('sent_at'),
    cancelledAt: instant('cancelled_at'),
    /** Delivery counts once sent: emails queued, texts sent. */
    emailCount: integer('email_count'),
    smsCount: integer('sms_count'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * One announcement posted to several sessions is one row per session sharing this id (issue 21): a
     * family with children in two of them sees it once and is emailed once. Null: a row of its own.
     */
    groupId: uuid('group_id'),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('announcements_short_url_key').on(t.shortURL),
    index('announcements_session_idx').on(t.classSessionId, t.startDate),
    index('announcements_due_idx').on(t.sendAt).where(sql`sent_at is null and cancelled_at is null`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Families: students, allergies, trustees (emergency contacts), digital passports

export const students = pgTable('students', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth').notNull(),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  zipCode: text('zip_code'),
  state: text('state'),
  country: text('country').notNull().default('US'),
  created: createdAt(),
});

/** User ↔ Student ("user mappings"): the parents and guardians who manage a child. */
export const userStudents = pgTable(
  'user_students',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.studentId] }),
    index('user_students_student_idx').on(t.studentId),
  ],
);

/**
 * A family shared by more than one parent account (issue 13, spec §3 "user mappings"). Every member is mapped
 * to every child (`user_students`) and contact (`user_trustees`) of the family, so each family query keeps
 * reading the caller's own mappings; `features/family/co-parents.ts` keeps the mappings and members in step.
 */
export const families = pgTable('families', {
  id: uuid('id').primaryKey().defaultRandom(),
  created: createdAt(),
});

/** A parent account in a shared family; an account is in at most one. */
export const familyMembers = pgTable(
  'family_members',
  {
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.familyId, t.userId] }),
    uniqueIndex('family_members_user_key').on(t.userId),
  ],
);

/**
 * An invitation to share a family, mailed as a single-use link; only the SHA-256 of its token is stored
 * (OWASP Forgot Password cheat sheet, as for reset tokens). Valid for 7 days, until accepted or withdrawn.
 */
export const familyInvitations = pgTable(
  'family_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased like `users.email_address`. */
    emailAddress: text('email_address').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: instant('withdrawn_at'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('family_invitations_token_hash_key').on(t.tokenHash),
    index('family_invitations_invited_by_idx').on(t.invitedBy, t.created),
  ],
);

export const allergies = pgTable(
  'allergies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('allergies_student_name_key').on(t.studentId, sql`lower(${t.name})`)],
);

export const trustees = pgTable('trustees', {
  id: uuid('id').primaryKey().defaultRandom(),
  isActive: boolean('is_active').notNull().default(true),
  type: text('type').notNull().default('EmergencyContact'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** E.164. */
  homePhone: text('home_phone'),
  /** E.164. */
  cellPhone: text('cell_phone'),
  emailAddress: text('email_address'),
  relationship: text('relationship').notNull(),
  canPickup: boolean('can_pickup').notNull().default(false),
  receiveSMS: boolean('receive_sms').notNull().default(false),
  receiveEmail: boolean('receive_email').notNull().default(false),
  created: createdAt(),
});

/** User ↔ Trustee ("user mappings"): which family a contact belongs to. */
export const userTrustees = pgTable(
  'user_trustees',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trusteeId: uuid('trustee_id')
      .notNull()
      .references(() => trustees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trusteeId] }),
    index('user_trustees_trustee_idx').on(t.trusteeId),
  ],
);

/** Student ↔ Trustee ("student mappings"): which children a contact is for. */
export const studentTrustees = pgTable(
  'student_trustees',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    trusteeId: uuid('trustee_id')
      .notNull()
      .references(() => trustees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.trusteeId] }),
    index('student_trustees_trustee_idx').on(t.trusteeId),
  ],
);

/**
 * A pickup pass for a trustee (spec §3 DigitalPassport; field names as the spec spells them, issue 11).
 * The QR credential is never stored: `credential_nonce` is random and the credential is an HMAC of it under a
 * key derived from the server's signing secret (decision 012), so the database alone opens nothing; only the
 * credential's SHA-256 (`credential_hash`) is looked up at the door. A re-issued pass gets a new nonce.
 * `applePassAuthenticationToken` keeps the SHA-256 of the PassKit token, never the token itself.
 */
export const digitalPassports = pgTable(
  'digital_passports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The adult's photo (a stored file key under `photos/`), or null. Only a working pass holds one (issue 21):
     * re-issuing moves it to the new pass, revoking deletes it, replacing deletes the old file.
     */
    imageUrl: text('image_url'),
    /** The photo's size in bytes, counted against the family's photo quota (family/limits.ts); null when unknown. */
    imageBytes: integer('image_bytes'),
    /** JSON of what the pass shows: `{ holderName, children: string[], expires }`. */
    data: text('data'),
    /** The pass's address in the PassKit web service (no secret in it), when Apple Wallet is configured. */
    applePassUrl: text('apple_pass_url'),
    applePassAuthenticationToken: text('apple_pass_authentication_token'),
    /** The pass type identifier (APPLE_PASS_TYPE_ID) the serial number belongs to. */
    applePassIdenitifier: text('apple_pass_idenitifier'),
    applePassSerialNumber: text('apple_pass_serial_number'),
    /** The Google Wallet object's REST resource URL (no secret in it), when Google Wallet is configured. */
    googlePassUrl: text('google_pass_url'),
    /** 128 random bits (base64url) from which the credential is derived. */
    credentialNonce: text('credential_nonce').notNull(),
    /** SHA-256 (hex) of the credential the QR code carries. */
    credentialHash: text('credential_hash').notNull(),
    /** Argon2id hash of the adult's 4–6 digit PIN. */
    pinHash: text('pin_hash').notNull(),
    /** Wrong PINs in a row; at PIN_MAX_FAILURES the pass is locked until `pinLockedUntil`. */
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: instant('pin_locked_until'),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    issuedByUserId: uuid('issued_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When what the pass shows last changed (PassKit `Last-Modified`, the update tag). */
    updatedAt: instant('updated_at').notNull().defaultNow(),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('digital_passports_credential_key').on(t.credentialHash),
    uniqueIndex('digital_passports_serial_key').on(t.applePassSerialNumber),
    index('digital_passports_updated_idx').on(t.updatedAt),
  ],
);

export const trusteePassports = pgTable(
  'trustee_passports',
  {
    trusteeId: uuid('trustee_id')
      .notNull()
      .references(() => trustees.id, { onDelete: 'cascade' }),
    passportId: uuid('passport_id')
      .notNull()
      .references(() => digitalPassports.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.trusteeId, t.passportId] })],
);

// ---------------------------------------------------------------------------------------------------
// Registration: payments, enrollments, waitlist, attendance

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('Pending'),
    /** Cents, before discounts. */
    originalAmount: integer('original_amount').notNull(),
    /** Cents, what the family pays. */
    finalAmount: integer('final_amount').notNull(),
    /** 'stripe' | 'test' | 'free' (nothing to pay: enrolled at once). */
    provider: text('provider').notNull(),
    /** What was bought, as shown on the checkout and the receipt (contract LineItem[], cents). */
    lineItems: jsonb('line_items').notNull().default([]),
    checkoutUrl: text('checkout_url'),
    checkoutId: text('checkout_id'),
    paymentIntentId: text('payment_intent_id'),
    checkoutJSON: jsonb('checkout_json'),
    chargeJSON: jsonb('charge_json'),
    receiptUrl: text('receipt_url'),
    phoneNumber: text('phone_number'),
    emailAddress: text('email_address'),
    /** The seat hold ends with the checkout (CHECKOUT_HOLD_MINUTES). */
    holdExpiresAt: instant('hold_expires_at'),
    classSessionId: integer('class_session_id').references(() => classSessions.id, { onDelete: 'restrict' }),
    /** Cents given back so far by staff refunds (issue 10); never more than `finalAmount`. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Staff's note, e.g. "Paid by check #1042" for a payment recorded by hand (provider `offline`). */
    note: text('note'),
    /**
     * A checkout on a payment plan (issue 23): the session's plan as it stood when the family chose it
     * (contract `PaymentPlan`); `finalAmount` is then the deposits and fees paid today, `lineItems` the price.
     */
    plan: jsonb('plan').$type<{ deposit: number; fee: number; dueDates: string[] }>(),
    /** The family asked the checkout to save the card or bank account for automatic payments (issue 23). */
    saveMethod: boolean('save_method').notNull().default(false),
    created: createdAt(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('payments_checkout_id_key').on(t.checkoutId),
    index('payments_user_idx').on(t.userId, t.created),
    index('payments_pending_hold_idx').on(t.holdExpiresAt).where(sql`status = 'Pending'`),
    // A session's revenue and its payments list (staff, issue 10; bench:staff). final_amount is in the key so
    // a session's revenue is summed from the index alone (index-only scan): the sessions list sorted by
    // revenue sums every session's payments, 16 ms of SQL reading the heap, 5 ms from the index.
    index('payments_session_revenue_idx').on(t.classSessionId, t.status, t.finalAmount),
    // The staff payments list, newest first, a page at a time (issue 10; bench:staff).
    index('payments_created_idx').on(t.created, t.id),
    check('payments_status_check', inList('status', statuses.payment)),
    check('payments_amount_check', sql`original_amount >= 0 and final_amount >= 0`),
    check('payments_refunded_amount_check', sql`refunded_amount >= 0 and refunded_amount <= final_amount`),
  ],
);

/**
 * Refunds made by staff (issue 10), in full or in part. A row is written `Pending` before the provider is
 * called, under the payment's row lock, so a double click, a second director or a webhook arriving at the same
 * moment cannot refund twice; `idempotencyKey` is also sent to the provider.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Cents, > 0. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('Pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The child whose place it gives money back for (a withdrawal names one); null: the payment's children. */
    studentId: uuid('student_id'),
    created: createdAt(),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    index('refunds_payment_idx').on(t.paymentId, t.created),
    check('refunds_status_check', inList('status', statuses.refund)),
    check('refunds_amount_check', sql`amount > 0`),
  ],
);

/** Ledger entry kinds and payment methods (decision 022; contract `LEDGER_KINDS`, `PAYMENT_METHODS`). */
export const ledgerKinds = [
  'charge',
  'plan_fee',
  'late_fee',
  'discount',
  'credit',
  'write_off',
  'payment',
  'refund',
  'transfer_in',
  'transfer_out',
] as const;
export const ledgerMethods = ['card', 'bank_debit', 'cash', 'check', 'subsidy', 'other'] as const;

/**
 * The family account (issue 23, decision 022): one append-only row per money event, in integer cents (> 0;
 * the sign comes from `kind`, view `ledger_signed`). A trigger refuses UPDATE and DELETE: a correction is a new
 * entry. `idempotency_key` names the event that posted it, so a replay, a racing webhook or a second server
 * process posts nothing. `student_id` has no foreign key: a closed family's children are deleted and the
 * money history stays, as payments keep their payer.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The parent account that owes or paid it. */
    payerUserId: uuid('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull().$type<(typeof ledgerKinds)[number]>(),
    /** Cents, > 0. */
    amount: integer('amount').notNull(),
    classSessionId: integer('class_session_id').references(() => classSessions.id, { onDelete: 'restrict' }),
    studentId: uuid('student_id'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** Payments and refunds: how the money moved. */
    method: text('method').$type<(typeof ledgerMethods)[number]>(),
    /** Staff's words: a check number, an agency's voucher, why a credit was given. */
    reference: text('reference'),
    /** Charges: the ISO date in the center's time zone it falls due. */
    dueOn: date('due_on', { mode: 'string' }),
    correctsEntryId: uuid('corrects_entry_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: uuid('created_by'),
    created: createdAt(),
    /** The order entries were posted in: a statement reads (created, seq), so entries of one instant keep theirs. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    index('ledger_entries_payer_idx').on(t.payerUserId, t.created),
    index('ledger_entries_session_idx').on(t.classSessionId, t.studentId),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_refund_idx').on(t.refundId),
    check('ledger_entries_amount_check', sql`amount > 0`),
    check('ledger_entries_kind_check', inList('kind', ledgerKinds)),
    check('ledger_entries_method_check', sql`method is null or ${inList('method', ledgerMethods)}`),
  ],
);

/**
 * A parent's saved card or US bank account for automatic payments (issue 23, decision 023). The provider keeps
 * the card or account; we keep its customer and method ids (which nothing can charge without our secret key)
 * and what the portal shows: brand and last four digits, expiry, bank name. One method in use per parent
 * (`removed` null); changing it marks the old one removed, so past attempts keep naming what they charged.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'stripe' | 'test'. */
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    /** 'card' | 'us_bank_account'. */
    kind: text('kind').notNull(),
    /** Card brand ('visa', 'mastercard', …) or the bank's name. */
    label: text('label').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    /** Instalments are charged to it on their dates; off: saved but not charged by itself. */
    autopay: boolean('autopay').notNull().default(true),
    created: createdAt(),
    removed: instant('removed'),
  },
  (t) => [
    uniqueIndex('payment_methods_in_use').on(t.userId).where(sql`removed is null`),
    check('payment_methods_kind_check', inList('kind', ['card', 'us_bank_account'])),
  ],
);

/**
 * A checkout that only saves a method ("Change payment method" in Billing; Stripe Checkout `mode: setup`).
 * The test checkout keeps its state in `checkout_json`, as it does on payments.
 */
export const paymentMethodSetups = pgTable(
  'payment_method_setups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    checkoutId: text('checkout_id'),
    checkoutUrl: text('checkout_url'),
    checkoutJSON: jsonb('checkout_json'),
    /** 'Pending' | 'Saved' | 'Expired'. */
    status: text('status').notNull().default('Pending'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_method_setups_checkout_key').on(t.checkoutId),
    check('payment_method_setups_status_check', inList('status', ['Pending', 'Saved', 'Expired'])),
  ],
);

/**
 * One off-session charge of an instalment (issue 23, decision 023): a place (payer, session, child) and the
 * due date of its charge, and which try it is (1 on the date, 2–4 the retries). The unique key is what makes
 * the sweep charge once across server processes: whoever inserts the row charges, with the provider
 * idempotency key `autopay-<id>`. `amount` is cents; `payment_id` is the payment row a receipt shows.
 */
export const autopayAttempts = pgTable(
  'autopay_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerUserId: uuid('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'restrict' }),
    studentId: uuid('student_id'),
    studentKey: uuid('student_key')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(student_id, '00000000-0000-0000-0000-000000000000'::uuid)`),
    /** The instalment's due date (ISO, the center's time zone). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** 1 on the due date; 2, 3, 4 the retries (AUTOPAY_RETRY_DAYS). */
    attempt: integer('attempt').notNull(),
    amount: integer('amount').notNull(),
    methodId: uuid('method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** 'charging' | 'processing' | 'succeeded' | 'failed' | 'action_required'. */
    status: text('status').notNull().default('charging'),
    providerIntentId: text('provider_intent_id'),
    /** The provider's decline code and the family-readable reason, when it failed. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    created: createdAt(),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autopay_attempts_key').on(t.payerUserId, t.classSessionId, t.studentKey, t.dueOn, t.attempt),
    index('autopay_attempts_open_idx')
      .on(t.status, t.updated)
      .where(sql`status in ('charging', 'processing')`),
    index('autopay_attempts_payer_idx').on(t.payerUserId, t.created),
    check('autopay_attempts_amount_check', sql`amount > 0`),
    check(
      'autopay_attempts_status_check',
      inList('status', ['charging', 'processing', 'succeeded', 'failed', 'action_required']),
    ),
  ],
);

/**
 * Two parents sharing a family's bills (issue 23, decision 024): a split one parent proposes (`proposed`), the
 * other accepts (`active`, from `since`: the bills falling due from that day are divided) or declines; a newer
 * split accepted ends the one before (`ended`). `rule` is contract `StoredSplit`. One active and one proposed
 * per family at most.
 */
export const billingSplits = pgTable(
  'billing_splits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: jsonb('rule').notNull(),
    /** 'proposed' | 'active' | 'declined' | 'ended'. */
    status: text('status').notNull().default('proposed'),
    /** The center's date the split took effect (accepted). */
    since: date('since', { mode: 'string' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    decided: instant('decided'),
  },
  (t) => [
    uniqueIndex('billing_splits_active').on(t.familyId).where(sql`status = 'active'`),
    uniqueIndex('billing_splits_proposed').on(t.familyId).where(sql`status = 'proposed'`),
    check('billing_splits_status_check', inList('status', ['proposed', 'active', 'declined', 'ended'])),
  ],
);

export const classSessionEnrollments = pgTable(
  'class_session_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'restrict' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('PendingPayment'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** Until when a PendingPayment enrollment holds its seat. */
    holdExpiresAt: instant('hold_expires_at'),
    /** Why staff withdrew the child, and when (issue 10). */
    withdrawnReason: text('withdrawn_reason'),
    withdrawnAt: instant('withdrawn_at'),
    created: createdAt(),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    // A child holds at most one live place in a session: no duplicate enrollment, ever.
    uniqueIndex('enrollments_one_live_per_child_key')
      .on(t.classSessionId, t.studentId)
      .where(sql`status in ('PendingPayment', 'Enrolled')`),
    index('enrollments_session_status_idx').on(t.classSessionId, t.status),
    index('enrollments_student_idx').on(t.studentId),
    index('enrollments_payment_idx').on(t.paymentId),
    check('enrollments_status_check', inList('status', statuses.enrollment)),
  ],
);

export const waitlistSubmissions = pgTable(
  'waitlist_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The parent who joined (offers are mailed to them). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('Waiting'),
    created: createdAt(),
    /** When an `Offered` place lapses (WAITLIST_OFFER_HOURS after the offer). */
    expires: instant('expires'),
  },
  (t) => [
    uniqueIndex('waitlist_one_open_per_child_key')
      .on(t.classSessionId, t.studentId)
      .where(sql`status in ('Waiting', 'Offered')`),
    index('waitlist_session_queue_idx').on(t.classSessionId, t.status, t.created),
    check('waitlist_status_check', inList('status', statuses.waitlist)),
  ],
);

/**
 * One check-in or check-out (spec §3 Attendance: trustee, student, classSession, timestamp) plus its
 * direction (`kind`), how it was made, the adult's name as it was then, and who or what recorded it (issue 11).
 */
export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('CheckIn'),
    trusteeId: uuid('trustee_id').references(() => trustees.id, { onDelete: 'set null' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    timestamp: instant('timestamp').notNull().defaultNow(),
    /**
     * The center's calendar day of `timestamp` (CENTER_TIMEZONE), written with it: what attendance is counted
     * by (the reports' attended days, issue 24) without converting every row's instant (decision 027).
     */
    day: date('day').notNull(),
    method: text('method').notNull().default('Staff'),
    /** The adult who brought or took the child, as named at that moment. */
    adultName: text('adult_name'),
    passportId: uuid('passport_id').references(() => digitalPassports.id, { onDelete: 'set null' }),
    secondFactor: text('second_factor'),
    kioskId: uuid('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    /** The staff member who recorded it by hand or ran the kiosk's photo check. */
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('attendance_session_time_idx').on(t.classSessionId, t.timestamp),
    index('attendance_student_time_idx').on(t.studentId, t.timestamp),
    // A child's days at the door per session, read from the index alone by the attendance reports.
    index('attendance_check_in_day_idx')
      .on(t.classSessionId, t.studentId, t.day)
      .where(sql`kind = 'CheckIn'`),
    check('attendance_kind_check', inList('kind', statuses.attendance)),
    check('attendance_method_check', inList('method', statuses.attendanceMethod)),
    check(
      'attendance_second_factor_check',
      sql`second_factor is null or ${inList('second_factor', statuses.secondFactor)}`,
    ),
  ],
);

/**
 * A door tablet enrolled by staff (issue 11): it calls the kiosk API with `Authorization: Kiosk <token>`;
 * only the token's SHA-256 is kept. Revoking it (or leaving kiosk mode) ends it at once.
 */
export const kiosks = pgTable('kiosks', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique('kiosks_token_key'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  created: createdAt(),
  lastSeenAt: instant('last_seen_at'),
  revokedAt: instant('revoked_at'),
});

/** Apple Wallet devices that registered for pass updates (PassKit web service; spec §4 `{pushToken}`). */
export const passDevices = pgTable('pass_devices', {
  deviceLibraryIdentifier: text('device_library_identifier').primaryKey(),
  pushToken: text('push_token').notNull(),
  created: createdAt(),
});

/** Which device holds which pass (PassKit registrations). */
export const passRegistrations = pgTable(
  'pass_registrations',
  {
    deviceLibraryIdentifier: text('device_library_identifier')
      .notNull()
      .references(() => passDevices.deviceLibraryIdentifier, { onDelete: 'cascade' }),
    passportId: uuid('passport_id')
      .notNull()
      .references(() => digitalPassports.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryIdentifier, t.passportId] }),
    index('pass_registrations_passport_idx').on(t.passportId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Public forms, mail and webhooks

/** spec §3 contact form; `tour` marks the schedule-a-tour variant. */
export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    childName: text('child_name'),
    childBirthdate: date('child_birthdate'),
    previousAttendance: boolean('previous_attendance').notNull().default(false),
    referred: text('referred'),
    message: text('message').notNull(),
    tour: boolean('tour').notNull().default(false),
    /** The page's language when it was sent (issue 14, 'en' | 'es'): replies are written in it. */
    language: text('language').notNull().default('en'),
    submitted: instant('submitted').notNull().defaultNow(),
    /** Staff inbox (issue 10): where the center is with this family. */
    status: text('status').notNull().default('New'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    updated: instant('updated').notNull().defaultNow(),
    /**
     * The published tour time this schedule-a-tour request booked (issue 24, decision 028); null for none (a
     * contact message, or "we will call you"). A slot holds at most its capacity of bookings: the booking
     * locks the slot's row first (features/contact/book-tour.ts).
     */
    tourSlotId: uuid('tour_slot_id').references(() => tourSlots.id, { onDelete: 'set null' }),
    /** When the day-before reminder was queued (the sweep's claim: set once, so it is sent once). */
    tourReminderSentAt: instant('tour_reminder_sent_at'),
  },
  (t) => [
    index('contact_submissions_submitted_idx').on(t.submitted),
    index('contact_submissions_tour_slot_idx').on(t.tourSlotId),
    index('contact_submissions_status_idx').on(t.status, t.submitted),
    check('contact_submissions_status_check', inList('status', statuses.inquiry)),
    check('contact_submissions_language_check', inList('language', ['en', 'es'])), // contract LANGUAGES
  ],
);

/** spec §3 tutoring waitlist submission. */
export const tutoringWaitlistSubmissions = pgTable(
  'tutoring_waitlist_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submitted: instant('submitted').notNull().defaultNow(),
    parentName: text('parent_name').notNull(),
    studentName: text('student_name').notNull(),
    grade: text('grade').notNull(),
    emailAddress: text('email_address').notNull(),
    phoneNumber: text('phone_number').notNull(),
    subjectMatter: text('subject_matter').notNull(),
    message: text('message'),
    /** The page's language when it was sent (issue 14, 'en' | 'es'): replies are written in it. */
    language: text('language').notNull().default('en'),
    /** Staff inbox (issue 10): tutoring gets no automatic offers; the center moves each family along. */
    status: text('status').notNull().default('New'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    index('tutoring_waitlist_submitted_idx').on(t.submitted),
    index('tutoring_waitlist_status_idx').on(t.status, t.submitted),
    check('tutoring_waitlist_status_check', inList('status', statuses.tutoring)),
    check('tutoring_waitlist_language_check', inList('language', ['en', 'es'])), // contract LANGUAGES
  ],
);

/**
 * The note thread of an inbox item (issue 10): staff notes and the replies mailed to the family. Exactly one
 * of the two submission ids is set.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactSubmissionId: uuid('contact_submission_id').references(() => contactSubmissions.id, {
      onDelete: 'cascade',
    }),
    tutoringSubmissionId: uuid('tutoring_submission_id').references(() => tutoringWaitlistSubmissions.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    index('inbox_entries_contact_idx').on(t.contactSubmissionId, t.created),
    index('inbox_entries_tutoring_idx').on(t.tutoringSubmissionId, t.created),
    check('inbox_entries_kind_check', inList('kind', statuses.inboxEntry)),
    check(
      'inbox_entries_one_item_check',
      sql`(contact_submission_id is null) <> (tutoring_submission_id is null)`,
    ),
  ],
);

/**
 * Outgoing mail, written in the same transaction as the change that causes it, then delivered by the
 * mailer (at once, and retried by the background worker), so a stored form is never left unmailed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /**
     * The parts of subject/text/html that open something (a one-time link, a pass code), until delivery.
     * Delivery (or giving up) replaces each in the stored copy with a marker and empties this (decision 017).
     */
    secrets: text('secrets').array(),
    status: text('status').notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    created: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'Pending'`),
    check('mail_outbox_status_check', inList('status', statuses.mail)),
  ],
);

/** Payment provider webhook events already applied; the insert shares the effect's transaction. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: instant('processed_at').notNull().defaultNow(),
});

/**
 * Fixed-window counters for the account protections (failed logins per account and per IP, reset requests
 * per address and per IP). Kept in the database, not in process memory, so every server process shares
 * them; a window ends on its own, so a lock-out never lasts longer than one window (OWASP Authentication
 * Cheat Sheet, "Account lockout").
 */
export const authThrottle = pgTable('auth_throttle', {
  /** e.g. `login-account:parent@example.com`, `reset-ip:203.0.113.7`. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEnds: instant('window_ends').notNull(),
});

// ---------------------------------------------------------------------------------------------------
// Staff back office (issue 10; docs/architecture.md "Staff back office")

/**
 * Which teachers (User.type Staff) teach which sessions. A Staff user reads only the sessions they are
 * assigned to; any other session answers 404 for them, like another family's child for a parent.
 */
export const sessionStaff = pgTable(
  'session_staff',
  {
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classSessionId, t.userId] }),
    index('session_staff_user_idx').on(t.userId),
  ],
);

/**
 * The audit trail: one append-only row per change, written in the same transaction as the change it records
 * (docs/architecture.md "Staff back office"). No code path updates or deletes these rows; a trigger refuses it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Who made the change; null for the system (the sweeper, a payment provider's webhook). No foreign key:
     * the trail outlives accounts, and a cascading update would be an edit of history.
     */
    actorUserId: uuid('actor_user_id'),
    /** e.g. `session.staff.assign`. */
    action: text('action').notNull(),
    /** e.g. `ClassSession`, `Student`. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: instant('at').notNull().defaultNow(),
    /**
     * The order rows were written in: two changes can share `at` (one request, or the same millisecond), and
     * the trail must still read in a fixed order, newest first (`order by at desc, seq desc`).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_events_at_idx').on(t.at, t.seq),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The center's calendar (issue 24)

/**
 * Days the whole center (`class_session_id` null) or one session is closed or dismisses early, from
 * `starts_on` to `ends_on` inclusive (the center's calendar dates). Entered by the director; read by the
 * attendance board, the door, Today, attendance counts and the families' calendar (contract calendar.ts).
 */
export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    classSessionId: integer('class_session_id').references(() => classSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** "HH:MM" on the center's wall clock, for an early dismissal only. */
    dismissAt: text('dismiss_at'),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    index('closures_dates_idx').on(t.endsOn, t.startsOn),
    check('closures_kind_check', inList('kind', statuses.closure)),
    check('closures_dates_check', sql`ends_on >= starts_on`),
    check('closures_dismiss_check', sql`(kind = 'EarlyDismissal') = (dismiss_at is not null)`),
  ],
);

/**
 * A tour time the director published (issue 24, decision 028): families choose one on `/contact?tour=true`.
 * `starts_at` is an instant (shown in the center's time zone); `minutes` its length; `capacity` how many
 * families may book it (usually 1). Bookings are `contact_submissions.tour_slot_id`.
 */
export const tourSlots = pgTable(
  'tour_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsAt: instant('starts_at').notNull(),
    minutes: integer('minutes').notNull(),
    capacity: integer('capacity').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('tour_slots_starts_at_key').on(t.startsAt),
    check('tour_slots_minutes_check', sql`minutes between 15 and 180`),
    check('tour_slots_capacity_check', sql`capacity between 1 and 10`),
  ],
);

/**
 * A parent's calendar subscription (issue 24): the secret address of their iCalendar feed. Only the SHA-256 of
 * the address's token is kept (decision 017: no working secret in clear); resetting it replaces the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  created: createdAt(),
});

// ---------------------------------------------------------------------------------------------------
// Custody and pickup restrictions (issue 24, decision 026)

/**
 * A person the center must not release a child to ("do not release to"), entered by the director from the
 * staff child page. Staff only: never in a parent reply, export, pass or mail. `name_key` is the full name
 * folded for matching at the door (lower case, accents and punctuation dropped, spaces collapsed:
 * custody.ts `nameKey`). An optional court-order document (PDF, JPEG or PNG, at most 5 MB) is kept in the
 * row itself, base64, so it goes with the restriction or the child and no file address exists to leak; only
 * the director can fetch it.
 */
export const studentRestrictions = pgTable(
  'student_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    nameKey: text('name_key').notNull(),
    /** Who they are to the child ("Father", "Former nanny"), optional. */
    description: text('description'),
    /** What the staff should know (calm instructions), optional. */
    note: text('note'),
    documentName: text('document_name'),
    documentMime: text('document_mime'),
    documentData: text('document_data'),
    createdBy: uuid('created_by'),
    created: createdAt(),
  },
  (t) => [index('student_restrictions_student_idx').on(t.studentId, t.nameKey)],
);

// ---------------------------------------------------------------------------------------------------
// Messages between families and the center (issue 25, decision 032)

/**
 * A family's conversation with the center. The family is named by one of its parent accounts
 * (`family_user_id`): every parent sharing that account's family reads it (features/family/members.ts), and
 * when that parent leaves, the conversation passes to one who stays. Who on the staff reads it is computed
 * from today's facts (features/conversations/access.ts), never stored here.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyUserId: uuid('family_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('New'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: instant('last_message_at'),
    created: createdAt(),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_family_user_key').on(t.familyUserId),
    index('conversations_last_message_idx').on(t.lastMessageAt),
    check('conversations_status_check', inList('status', statuses.conversation)),
  ],
);

/**
 * One message. Editing keeps the row (and `edited_at`); deleting empties its text and lets its files go
 * (`deleted_at`); the audit trail keeps what it said. `client_key` is the sender's idempotency key.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side').notNull(),
    body: text('body').notNull().default(''),
    clientKey: uuid('client_key'),
    created: createdAt(),
    editedAt: instant('edited_at'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.created),
    uniqueIndex('conversation_messages_client_key').on(t.authorId, t.clientKey),
    check('conversation_messages_side_check', inList('side', statuses.messageSide)),
  ],
);

/**
 * A photo or PDF on a message, in the file storage under `messages/<random>.<ext>`. Uploaded first (no
 * `message_id`), then sent with a message by its uploader; one never sent is removed after an hour.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').references(() => conversationMessages.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    created: createdAt(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.messageId),
    index('message_attachments_unsent_idx').on(t.created).where(sql`message_id is null`),
  ],
);

/** How far each person has read a conversation: every message created at or before `read_at`. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: instant('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_reads_user_idx').on(t.userId),
  ],
);

/**
 * A notification waiting to go to one person about one conversation: written (or moved later) when a message
 * arrives, due after a short batching delay and after the person's quiet hours; the background round claims
 * it (SKIP LOCKED), mails or texts every message still unread in one notification, and deletes it.
 */
export const messageAlerts = pgTable(
  'message_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    dueAt: instant('due_at').notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] }), index('message_alerts_due_idx').on(t.dueAt)],
);

// ---------------------------------------------------------------------------------------------------
// The day's notes and photos (issue 25, decision 033)

/**
 * A post to a session's day (the center's calendar day): a note for the class, a note about one child, or
 * photos. Editing keeps the row (`edited_at`); deleting empties its text and removes its photos (`deleted_at`);
 * the audit trail keeps what it said. Who may read it is computed from today's facts (features/day-feed).
 */
export const dayPosts = pgTable(
  'day_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    body: text('body').notNull().default(''),
    /** A photo also shown to every family of the class (else only to the tagged children's families). */
    forClass: boolean('for_class').notNull().default(true),
    created: createdAt(),
    editedAt: instant('edited_at'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('day_posts_session_day_idx').on(t.classSessionId, t.day),
    check('day_posts_kind_check', inList('kind', statuses.dayPost)),
  ],
);

/** The children a post names: the child a note is about, the children in a photo. */
export const dayPostChildren = pgTable(
  'day_post_children',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => dayPosts.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.studentId] }),
    index('day_post_children_student_idx').on(t.studentId),
  ],
);

/**
 * A photo, in the file storage under `day-photos/<random>.<ext>`, cleaned by sharp (no metadata). Uploaded
 * first (no `post_id`), then posted by its uploader; one never posted is removed after an hour, and every
 * photo after the center's retention period (`PHOTO_RETENTION_DAYS`).
 */
export const dayPhotos = pgTable(
  'day_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').references(() => dayPosts.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    created: createdAt(),
  },
  (t) => [index('day_photos_post_idx').on(t.postId), index('day_photos_created_idx').on(t.created)],
);

/**
 * A child's photo release, as the family last answered it; no row means not asked yet (which counts as
 * refused for sharing with other families).
 */
export const photoConsents = pgTable('photo_consents', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  granted: boolean('granted').notNull(),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: instant('decided_at').notNull(),
});

/** A child's meals, rest (minutes after midnight, center time) and a short note on one day of a session. */
export const dailyCare = pgTable(
  'daily_care',
  {
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    breakfast: text('breakfast'),
    snack: text('snack'),
    lunch: text('lunch'),
    restFrom: integer('rest_from'),
    restTo: integer('rest_to'),
    note: text('note').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classSessionId, t.studentId, t.day] }),
    index('daily_care_student_day_idx').on(t.studentId, t.day),
    check(
      'daily_care_meals_check',
      sql`(breakfast is null or ${inList('breakfast', statuses.mealAmount)})
        and (snack is null or ${inList('snack', statuses.mealAmount)})
        and (lunch is null or ${inList('lunch', statuses.mealAmount)})`,
    ),
    check(
      'daily_care_rest_check',
      sql`(rest_from is null and rest_to is null)
        or (rest_from between 0 and 1439 and rest_to between 0 and 1439 and rest_to > rest_from)`,
    ),
  ],
);

/** A parent who chose the daily summary mail (opt-in). */
export const dailySummaryOptIns = pgTable('daily_summary_opt_ins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  created: createdAt(),
});

/**
 * A daily summary claimed for one parent and day: written once, in the transaction that queues the mail (or
 * finds nothing to say), so no day is summed up twice.
 */
export const dailySummarySends = pgTable(
  'daily_summary_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    mailed: boolean('mailed').notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A device that asked for web push notifications (issue 25 "On the phone", decision 034): one row per browser
 * subscription (`endpoint`, unique: a device that subscribes again, or is signed into by another person,
 * keeps one row, which moves to whoever subscribed last). `p256dh` and `auth` are the browser's public
 * encryption key and authentication secret for RFC 8291 payloads: the push service never reads them, and
 * they are what push needs, nothing more. `browser` and `system` name the device for its owner ("Chrome",
 * "Android"), read from the user agent when it subscribed. A row is the opt-in: removing it stops the
 * device's notifications. The push service answering 404 or 410 deletes it (the browser dropped it);
 * `failures` counts other failures in a row, and the fifth deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    browser: text('browser').notNull(),
    system: text('system').notNull(),
    created: createdAt(),
    lastSuccessAt: instant('last_success_at'),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Incident reports (issue 26, part 3; decision 037)

/**
 * An incident report: when (an instant, and its center calendar `day`), where, what kind, what happened, the
 * first aid and the witnesses, written by a teacher of the session or the director. The center keeps it for
 * licensing even when a family closes its account (decision 037): nothing about it cascades from a family.
 * `corrected_at` is the reporter's last correction (audited); `reviewed_at` the director's review, after which
 * nobody changes it.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'restrict' }),
    occurredAt: instant('occurred_at').notNull(),
    day: date('day').notNull(),
    place: text('place').notNull(),
    kind: text('kind').notNull(),
    whatHappened: text('what_happened').notNull(),
    firstAid: text('first_aid').notNull().default(''),
    witnesses: text('witnesses').notNull().default(''),
    /** A head injury or a 911 call. */
    urgent: boolean('urgent').notNull().default(false),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    correctedAt: instant('corrected_at'),
    reviewedAt: instant('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('incidents_session_day_idx').on(t.classSessionId, t.day),
    index('incidents_day_idx').on(t.day),
    check('incidents_kind_check', inList('kind', statuses.incidentKind)),
  ],
);

/**
 * A child involved in an incident, with the note about them and whether a parent was called. `child_name` is
 * the name as reported, kept with the report; `student_id` becomes null when the family closes its account.
 */
export const incidentChildren = pgTable(
  'incident_children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    childName: text('child_name').notNull(),
    note: text('note').notNull().default(''),
    parentCalled: boolean('parent_called').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('incident_children_incident_student_key').on(t.incidentId, t.studentId),
    index('incident_children_student_idx').on(t.studentId),
  ],
);

/**
 * A parent's signature on their family's copy, one per involved child (either parent signs for the family):
 * the name typed, the comment, the address and browser it came from, the exact copy text and its SHA-256.
 * Removed when the family closes its account (the report stays).
 */
export const incidentAcknowledgements = pgTable(
  'incident_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedName: text('signed_name').notNull(),
    comment: text('comment').notNull().default(''),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    language: text('language').notNull(),
    copyText: text('copy_text').notNull(),
    copySha256: text('copy_sha256').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [
    uniqueIndex('incident_acknowledgements_incident_student_key').on(t.incidentId, t.studentId),
    index('incident_acknowledgements_signer_idx').on(t.signerId),
  ],
);

/** A follow-up note of the director's on an incident; `shared` ones were sent to the families involved. */
export const incidentFollowUps = pgTable(
  'incident_follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    shared: boolean('shared').notNull().default(false),
    created: createdAt(),
  },
  (t) => [index('incident_follow_ups_incident_idx').on(t.incidentId)],
);
// Forms families sign (issue 26, part 2; decision 036)

/**
 * A form of a program (contract `signed-forms.ts`): its `draft` (contract `FormInput` with keyed fields) is the
 * next version being written; `current_version` the newest published one (null before the first publish);
 * `has_draft` true while the draft differs from it. Archived forms are asked for no more.
 */
export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classSectionId: integer('class_section_id')
      .notNull()
      .references(() => classSections.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    draft: jsonb('draft').notNull(),
    currentVersion: integer('current_version'),
    hasDraft: boolean('has_draft').notNull().default(true),
    archivedAt: instant('archived_at'),
    created: createdAt(),
    updated: instant('updated').notNull().defaultNow(),
  },
  (t) => [index('forms_class_section_idx').on(t.classSectionId)],
);

/** A published version of a form: immutable (a trigger refuses UPDATE), its whole content as published. */
export const formVersions = pgTable(
  'form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: instant('published_at').notNull(),
  },
  (t) => [uniqueIndex('form_versions_form_version_key').on(t.formId, t.version)],
);

/**
 * A parent's electronic signature of one version (lib/e-signature.ts): the exact canonical document signed
 * (text and answers, serialized deterministically) and its SHA-256, the signer (account and typed name), when,
 * from which address and browser, and the consent disclosure's version. `student_id` is null for a family form.
 * Immutable: a trigger refuses UPDATE; rows go only with the family's account (closure) or the child.
 */
export const formSignatures = pgTable(
  'form_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    formVersionId: uuid('form_version_id')
      .notNull()
      .references(() => formVersions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    signerUserId: uuid('signer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signerName: text('signer_name').notNull(),
    signedAt: instant('signed_at').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    consentVersion: text('consent_version').notNull(),
    language: text('language').notNull(),
    document: text('document').notNull(),
    sha256: text('sha256').notNull(),
    pdfKey: text('pdf_key').notNull(),
  },
  (t) => [
    index('form_signatures_form_student_idx').on(t.formId, t.studentId),
    index('form_signatures_signer_idx').on(t.signerUserId),
    index('form_signatures_student_idx').on(t.studentId),
  ],
);

// Medication given (issue 26, "Incidents and medication"; decision 040)

/**
 * A dose of medicine given to a child in a session, under the parent's signed MedicalAuthorization
 * (`form_signature_id`). Append-only: a mistaken entry is never edited or deleted. A correction stamps the
 * original `superseded_at` and inserts the corrected dose (`replaces_id`, `reason`); a void stamps `voided_at`
 * with its reason and nothing replaces it. `given_at` is the instant, `day` its center calendar day.
 * The center keeps the log for licensing when a family closes its account (like incident reports, decision
 * 037): `student_id` and `form_signature_id` become null, and the names and the authorization's signer and
 * date stay as recorded. `client_key` is the writer's idempotency key (one dose per key and writer).
 */
export const medicationDoses = pgTable(
  'medication_doses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    childName: text('child_name').notNull(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'restrict' }),
    medication: text('medication').notNull(),
    dose: text('dose').notNull(),
    givenAt: instant('given_at').notNull(),
    day: date('day').notNull(),
    givenBy: uuid('given_by').references(() => users.id, { onDelete: 'set null' }),
    givenByName: text('given_by_name').notNull(),
    note: text('note').notNull().default(''),
    formSignatureId: uuid('form_signature_id').references(() => formSignatures.id, { onDelete: 'set null' }),
    authorizationTitle: text('authorization_title').notNull(),
    authorizationVersion: integer('authorization_version').notNull(),
    authorizedBy: text('authorized_by').notNull(),
    authorizedAt: instant('authorized_at').notNull(),
    /** The dose this one corrects (kept, with `superseded_at` set), and why. */
    replacesId: uuid('replaces_id'),
    reason: text('reason'),
    supersededAt: instant('superseded_at'),
    voidedAt: instant('voided_at'),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    clientKey: uuid('client_key'),
    created: createdAt(),
  },
  (t) => [
    index('medication_doses_session_day_idx').on(t.classSessionId, t.day),
    index('medication_doses_student_idx').on(t.studentId, t.givenAt),
    uniqueIndex('medication_doses_client_key').on(t.givenBy, t.clientKey),
    uniqueIndex('medication_doses_replaces_key').on(t.replacesId),
  ],
);

// A child's health record (issue 26 part 1, decision 035)

/** The health record's vocabularies (contract `child-health.ts`). */
export const healthStatuses = {
  vaccine: [
    'DTaP',
    'Polio',
    'MMR',
    'Varicella',
    'HepatitisB',
    'Hib',
    'PCV',
    'HepatitisA',
    'Influenza',
    'Covid19',
    'Tdap',
  ],
  documentKind: ['ImmunizationCertificate', 'PhysicalExamForm', 'DoctorNote', 'CourtOrder', 'Other'],
  record: ['Immunizations', 'Profile', 'Physical'],
  requirement: ['Immunizations', 'Physical'],
  mode: ['Blocks', 'Warns'],
} as const;

/** One immunization dose a family recorded: the vaccine and the day it was given. */
export const immunizationDoses = pgTable(
  'immunization_doses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine').notNull(),
    givenOn: date('given_on').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    index('immunization_doses_student_idx').on(t.studentId),
    check('immunization_doses_vaccine_check', inList('vaccine', healthStatuses.vaccine)),
  ],
);

/**
 * A child's health profile: physician, insurance, dietary needs, medications (free text, one per line), and
 * the day of the last physical exam. No row: nothing filled in yet.
 */
export const healthProfiles = pgTable('health_profiles', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  physicianName: text('physician_name').notNull().default(''),
  physicianPhone: text('physician_phone'),
  insuranceCarrier: text('insurance_carrier').notNull().default(''),
  insuranceMemberId: text('insurance_member_id').notNull().default(''),
  dietaryNeeds: text('dietary_needs').notNull().default(''),
  medications: jsonb('medications').$type<string[]>().notNull().default([]),
  physicalOn: date('physical_on'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated: instant('updated').notNull().defaultNow(),
});

/**
 * A health document (a certificate, an exam form, a doctor's note, a court order), stored in the file storage
 * under `health/` and opened only through signed links. `expires_on`: when it stops counting (null: never).
 * `checked_by`/`checked_at`: a staff member's check.
 */
export const healthDocuments = pgTable(
  'health_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    expiresOn: date('expires_on'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: instant('checked_at'),
    created: createdAt(),
  },
  (t) => [
    index('health_documents_student_idx').on(t.studentId),
    index('health_documents_expires_idx').on(t.expiresOn),
    check('health_documents_kind_check', inList('kind', healthStatuses.documentKind)),
  ],
);

/** A staff member's check of one part of a child's record; a parent's change to that part deletes it. */
export const healthChecks = pgTable(
  'health_checks',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    record: text('record').notNull(),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: instant('checked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.record] }),
    check('health_checks_record_check', inList('record', healthStatuses.record)),
  ],
);

/**
 * What a program (class section) requires of its children's health records, and whether a missing one blocks
 * a new enrollment or warns. `months`: how long a physical counts (null for immunizations).
 */
export const programHealthRequirements = pgTable(
  'program_health_requirements',
  {
    classSectionId: integer('class_section_id')
      .notNull()
      .references(() => classSections.id, { onDelete: 'cascade' }),
    requirement: text('requirement').notNull(),
    mode: text('mode').notNull(),
    months: integer('months'),
  },
  (t) => [
    primaryKey({ columns: [t.classSectionId, t.requirement] }),
    check('program_health_requirements_requirement_check', inList('requirement', healthStatuses.requirement)),
    check('program_health_requirements_mode_check', inList('mode', healthStatuses.mode)),
    check('program_health_requirements_months_check', sql`months is null or months between 1 and 36`),
  ],
);

/**
 * A reminder claimed for one thing that runs out (`item`: 'physical' or 'document:<id>') on `expires_on`, at
 * one threshold (days before): inserted in the transaction that queues the mail, so each is sent once.
 */
export const healthReminderSends = pgTable(
  'health_reminder_sends',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    expiresOn: date('expires_on').notNull(),
    daysBefore: integer('days_before').notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.item, t.expiresOn, t.daysBefore] })],
);

// ---------------------------------------------------------------------------------------------------
// Staff on duty, ratios and certifications (issue 26, decision 038)

/**
 * A staff member's clock-in PIN for the door tablet: only its argon2id hash (like passwords, decision 016).
 * Wrong tries are counted in `auth_throttle` per tablet and per person (features/staff-duty/pins.ts).
 */
export const staffPins = pgTable('staff_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  setAt: instant('set_at').notNull().defaultNow(),
});

/**
 * One stretch on duty in one session's room: clocked in at `in_at`, out at `out_at` (null while on duty).
 * A director's correction never edits a punch: it stamps the original `superseded_at` and inserts the
 * corrected one (`source` Correction, `replaces_id`, `reason`), so the original is kept. `day` is the center's
 * calendar day of `in_at`. One open punch per person and day (partial unique index).
 */
export const staffPunches = pgTable(
  'staff_punches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    inAt: instant('in_at').notNull(),
    outAt: instant('out_at'),
    source: text('source').notNull(),
    kioskId: uuid('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    /** The director's reason, on a correction. */
    reason: text('reason'),
    /** The punch this one corrects (kept, with `superseded_at` set). */
    replacesId: uuid('replaces_id'),
    supersededAt: instant('superseded_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    index('staff_punches_session_day_idx').on(t.classSessionId, t.day),
    index('staff_punches_user_day_idx').on(t.userId, t.day),
    uniqueIndex('staff_punches_one_open_key')
      .on(t.userId, t.day)
      .where(sql`out_at is null and superseded_at is null`),
    check('staff_punches_source_check', inList('source', statuses.punchSource)),
    check('staff_punches_times_check', sql`out_at is null or out_at >= in_at`),
  ],
);

/** Sessions whose staff may clock in and out from the staff app on a phone (the director's setting). */
export const dutyPhoneSessions = pgTable('duty_phone_sessions', {
  classSessionId: integer('class_session_id')
    .primaryKey()
    .references(() => classSessions.id, { onDelete: 'cascade' }),
  created: createdAt(),
});

/**
 * A room's ratio at a moment (issue 26): written whenever its children present or adults on duty change, in
 * the transaction of that change, under the session's row lock. `breach` marks the point that put the room
 * over (the director is alerted once per breach). Read by the inspector's history (staff-duty/ratio.ts).
 */
export const ratioPoints = pgTable(
  'ratio_points',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    classSessionId: integer('class_session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    at: instant('at').notNull(),
    children: integer('children').notNull(),
    adults: integer('adults').notNull(),
    required: integer('required').notNull(),
    childrenPerAdult: integer('children_per_adult').notNull(),
    state: text('state').notNull(),
    breach: boolean('breach').notNull().default(false),
  },
  (t) => [
    index('ratio_points_session_day_idx').on(t.classSessionId, t.day, t.id),
    index('ratio_points_breach_idx').on(t.day).where(sql`breach`),
    check('ratio_points_state_check', inList('state', statuses.ratioState)),
  ],
);

/**
 * A staff member's certification (issue 26): kind, issued and expiry days (ISO; no expiry for training hours
 * that do not lapse) and the hours of a training.
 */
export const staffCertifications = pgTable(
  'staff_certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Training hours (kind TrainingHours), else null. */
    hours: integer('hours'),
    issuedOn: date('issued_on').notNull(),
    expiresOn: date('expires_on'),
    /** The certificate's scan (PDF, JPEG or PNG, checked by its bytes) in the file storage, or null. */
    documentKey: text('document_key'),
    documentName: text('document_name'),
    documentType: text('document_type'),
    documentBytes: integer('document_bytes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    index('staff_certifications_user_idx').on(t.userId),
    index('staff_certifications_expiry_idx').on(t.expiresOn),
    check('staff_certifications_kind_check', inList('kind', statuses.certification)),
    check('staff_certifications_dates_check', sql`expires_on is null or expires_on >= issued_on`),
    check(
      'staff_certifications_hours_check',
      sql`(kind = 'TrainingHours') = (hours is not null) and (hours is null or hours between 1 and 1000)`,
    ),
    check(
      'staff_certifications_document_check',
      sql`(document_key is null) = (document_name is null) and (document_key is null) = (document_type is null)
        and (document_key is null) = (document_bytes is null)`,
    ),
  ],
);

/** A reminder mailed for a certification `lead_days` (30 or 7) before it expires: once each (primary key). */
export const certificationReminders = pgTable(
  'certification_reminders',
  {
    certificationId: uuid('certification_id')
      .notNull()
      .references(() => staffCertifications.id, { onDelete: 'cascade' }),
    leadDays: integer('lead_days').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.certificationId, t.leadDays] })],
);
