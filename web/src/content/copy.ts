/**
 * The center's long-form words: home page, philosophy, testimonials, FAQ and terms. Written by the
 * director; a center running this product replaces this file (with `site.ts`) to make the site its own.
 * Exact texts required by the product spec are marked "spec".
 *
 * The Spanish words are in `copy.es.ts`, typed with the types below so both languages keep one shape;
 * pages read the visitor's language through `useCopy()` (`use-copy.ts`).
 */
import { site } from './site';

export type Paragraphs = ReadonlyArray<string>;
export type Section = Readonly<{ heading: string; paragraphs: Paragraphs }>;

export type Program = Readonly<{
  title: string;
  ages: string;
  status: string;
  description: string;
  button: string;
}>;

export type HomeCopy = Readonly<{
  headline: string;
  subtitle: string;
  intro: string;
  philosophyButton: string;
  philosophyStatement: string;
  philosophyStatementBy: string;
  philosophyTeaser: Paragraphs;
  philosophyLink: string;
  testimonialButton: string;
  programsHeading: string;
  programs: Readonly<{ morning: Program; tutoring: Program }>;
  photosHeading: string;
  photosIntro: string;
  quickLinksHeading: string;
  tourButton: string;
}>;

export type PhilosophyCopy = Readonly<{
  title: string;
  lead: string;
  sections: ReadonlyArray<Section>;
  closing: string;
}>;

export type TermsCopy = Readonly<{
  title: string;
  lastModified: string;
  intro: string;
  sections: ReadonlyArray<Section>;
  contactHeading: string;
}>;

/** The Student Portal's sections, each linked by the dashboard. */
export type DashboardSectionKey = 'students' | 'contacts' | 'sessions' | 'billing' | 'browse';

export type DashboardCopy = Readonly<{
  intro: string;
  sections: ReadonlyArray<Readonly<{ key: DashboardSectionKey; title: string; description: string }>>;
}>;

export const homeCopy: HomeCopy = {
  /** spec §1 */
  headline: 'A one-of-a-kind learning center',
  /** spec §1 */
  subtitle: 'Now accepting new students',
  intro:
    'A small, warm morning program in Redwood City where three-and-a-half to five-year-olds play, build, read and grow — with teachers who know every child by name.',
  philosophyButton: 'Learn about our philosophy',
  philosophyStatement: 'Children learn best when they feel safe, known, and free to wonder.',
  philosophyStatementBy: 'Our guiding belief since the day we opened',
  philosophyTeaser: [
    'We believe the early years are for curiosity, not pressure. Our days mix hands-on exploration, stories, music, outdoor play and small-group lessons that quietly build the letters, numbers and social skills children need for kindergarten.',
    'Our groups stay small on purpose, so teachers can notice what lights each child up and meet them there — whether that is bugs in the garden, a block tower or a first written name.',
  ],
  philosophyLink: 'Read more about our philosophy',
  testimonialButton: 'Read Our Testimonials',
  programsHeading: 'Our Programs',
  programs: {
    morning: {
      title: 'Morning Program',
      ages: 'Ages 3½–5',
      status: 'Enrolling now',
      description:
        'Monday to Friday mornings of play-based learning: early literacy and math through games, art, music, science at the sensory table, and plenty of time outdoors. A healthy nut-free snack is included.',
      button: 'See sessions and enroll',
    },
    tutoring: {
      title: 'One-on-One & Small-Group Tutoring',
      ages: 'Grades K–6',
      /** spec §1 */
      status: 'Coming Fall 2024',
      description:
        'Afternoon tutoring in reading, writing and math with a credentialed teacher, one-on-one or in groups of up to four. We are taking names on a waitlist now and will contact families in the order they joined.',
      button: 'Join the tutoring waitlist',
    },
  },
  photosHeading: 'A peek inside',
  photosIntro: 'Our classroom, our garden and the small moments that make a morning.',
  quickLinksHeading: 'Come and see us',
  tourButton: 'Schedule a Tour',
};

export const philosophyCopy: PhilosophyCopy = {
  title: 'Our Philosophy',
  lead: 'Children learn best when they feel safe, known, and free to wonder. Everything we do — the size of our groups, the shape of our mornings, the way we talk with families — starts there.',
  sections: [
    {
      heading: 'Play is how young children learn',
      paragraphs: [
        'A four-year-old building a ramp for a toy car is testing ideas about height, speed and cause and effect. A group running a pretend bakery is counting, taking turns, writing menus and solving arguments. We plan these moments on purpose and join them as guides, asking questions that stretch thinking without taking over.',
        'You will not see worksheets or long stretches of sitting still. You will see children who are busy, absorbed and proud of what they made.',
      ],
    },
    {
      heading: 'Small groups, teachers who know your child',
      paragraphs: [
        'We keep one teacher for every eight children and never more than sixteen children in the room. Small numbers mean a teacher notices the child who is ready for a harder puzzle, the one who needs a quiet corner after a busy drop-off, and the one who has just started to sound out words.',
        'Our teachers hold early childhood education units or degrees, and most have been with us for years. Continuity matters: children settle faster and try more when the grown-ups are familiar.',
      ],
    },
    {
      heading: 'Ready for kindergarten, in every sense',
      paragraphs: [
        'Kindergarten readiness is more than letters and numbers. It is putting on your own jacket, asking for help, waiting for a turn, trying again after a mistake and being kind to a friend who is sad. We work on all of it, every day, alongside early reading, writing and math.',
        'In the spring before kindergarten we share a short written summary of each child’s strengths and next steps, so you can talk with your child’s new teacher with confidence.',
      ],
    },
    {
      heading: 'Outside every day',
      paragraphs: [
        'Our garden has raised beds, a mud kitchen, a sand area and a patch of tall grass that is excellent for looking for snails. Unless it is pouring, we go out every morning. Fresh air, big movement and real dirt are part of the curriculum.',
      ],
    },
    {
      heading: 'Families are partners',
      paragraphs: [
        'You know your child best. We ask about routines, worries and favorite things when you join, we share photos and notes about the day through the Student Portal, and we meet with every family twice a year. Our door is open: if something is on your mind, call, email or catch us at pickup.',
      ],
    },
  ],
  closing: 'The best way to understand us is to visit. We would love to show you around.',
};

export type Testimonial = Readonly<{ quote: string; name: string; detail: string }>;

export const testimonials: ReadonlyArray<Testimonial> = [
  {
    quote:
      'Maya cried at every drop-off for the first week anywhere else. At Bright Oak, Ms. Rivera sat with her by the fish tank until she was ready, and by the second week Maya was running in without looking back. Now she tells us about her “snail research” every night at dinner.',
    name: 'Jessica',
    detail: 'mom of Maya, 4',
  },
  {
    quote:
      'We toured five preschools on the Peninsula. This was the only one where the teachers got down on the floor with the kids the whole time we were there. The small group size is real, and you can feel it.',
    name: 'Daniel',
    detail: 'dad of Leo, 5',
  },
  {
    quote:
      'Our son has a peanut allergy, which made us nervous about any program. The staff walked us through their nut-free kitchen, his allergy plan is posted where every teacher sees it, and they check in with us whenever snack plans change. We finally relaxed.',
    name: 'Priya',
    detail: 'mom of Arjun, 3½',
  },
  {
    quote:
      'Sofia started kindergarten this fall already writing her name, counting past fifty and, most importantly, excited to learn. Her kindergarten teacher asked where she went to preschool.',
    name: 'Carlos',
    detail: 'dad of Sofia, now 6',
  },
  {
    quote:
      'I love the little notes and photos in the portal. On a hard workday, seeing Nora covered in paint and grinning is the best thing on my phone.',
    name: 'Emily',
    detail: 'mom of Nora, 4',
  },
  {
    quote:
      'Signing up online took ten minutes, and when the fall session filled up the waitlist actually worked — we got an email with a spot two weeks later. Everything about this place is organized and kind.',
    name: 'Kevin',
    detail: 'dad of Hana, 3½',
  },
  {
    quote:
      'Our twins are very different kids. The teachers figured that out quickly: Theo gets extra time in the block corner, Ava gets the art table and a job helping set up snack. Both of them come home happy and tired.',
    name: 'Rachel',
    detail: 'mom of Theo and Ava, 5',
  },
];

export type Faq = Readonly<{ question: string; answer: Paragraphs }>;

export const faqs: ReadonlyArray<Faq> = [
  {
    question: 'What ages do you serve?',
    answer: [
      'Our morning program is for children from 3½ to 5 years old, up to the start of kindergarten. Starting in Fall 2024 we will also offer tutoring for children in kindergarten through 6th grade (about ages 5 to 12).',
    ],
  },
  {
    question: 'What are your hours?',
    answer: [
      `The center is open ${site.hours}. The morning program runs from 8:30 am to 12:30 pm, with drop-off from 8:15 am. Tutoring sessions, once they start, will be held in the afternoons between 3:00 and 5:30 pm.`,
    ],
  },
  {
    question: 'How many children are in a group, and how many teachers?',
    answer: [
      'We keep one teacher for every eight children and never more than sixteen children in the classroom. That is well below what California licensing allows, and it is the heart of how we work.',
    ],
  },
  {
    question: 'Do you provide snacks? How do you handle allergies?',
    answer: [
      'Yes. We serve a healthy morning snack every day — fruit or vegetables with a whole grain, cheese or yogurt — and water throughout the morning. Our center is nut-free.',
      'Please list every allergy in the Student Portal (My students) before your child’s first day. Each child’s allergies are posted where all teachers can see them, and we will call you before offering anything new if your child has a food allergy. If your child carries an epinephrine auto-injector, bring two along with your doctor’s action plan.',
    ],
  },
  {
    question: 'Does my child need to be potty trained?',
    answer: [
      'We ask that children be mostly independent in the bathroom when they start, though accidents are completely normal and handled kindly and privately. Please pack a labeled change of clothes every day. If you are in the middle of potty training, talk with us — we are happy to work together on a plan.',
    ],
  },
  {
    question: 'How much does it cost? What is the supply fee?',
    answer: [
      'Each session lists its tuition (the registration price) and a one-time supply fee on its page under Sessions, so you can see the full amount before you enroll. The supply fee covers art materials, books, garden supplies and the classroom consumables your child uses during the session.',
      'You pay online by card through our payment provider’s secure checkout when you enroll; we never see or store your card number. Your receipts are in the Student Portal under Billing.',
    ],
  },
  {
    question: 'When does registration open? What if a session is full?',
    answer: [
      'Each session has a priority registration window for returning families and for families who have been offered a place from the waitlist, followed by general registration for everyone. The dates are shown on every session’s page.',
      'When a session is full you can join its waitlist from the session page. Places are offered in the order families joined. If a seat opens we email you, and the offer is held for you for 48 hours.',
    ],
  },
  {
    question: 'Who can pick up my child?',
    answer: [
      'Only you and the emergency contacts you have marked as allowed to pick up in the Student Portal. We ask anyone we do not yet know for photo ID at the door, every time until we know them well. If plans change on the day, call us — we will not release your child to someone who is not on the list.',
      'Pickup is by 12:30 pm. If you are running late, please call so we can let your child know you are on your way.',
    ],
  },
  {
    question: 'What is your sick policy?',
    answer: [
      'Please keep your child home if they have a fever of 100.4 °F or higher, have vomited or had diarrhea, or have an unexplained rash, and for 24 hours after symptoms have passed without fever-reducing medicine. If your child becomes unwell at the center we will call you to pick them up within the hour.',
      'Let us know about anything contagious, such as strep throat, hand-foot-and-mouth disease or pink eye, so we can tell other families (without naming your child).',
    ],
  },
  {
    question: 'Can we visit before we decide?',
    answer: [
      'Please do. Tours take about 30 minutes and happen on weekday mornings at 9:30 or 11:00, while the program is running, so you can see a real morning. Use Schedule a Tour on our contact page and we will reply within one business day to confirm a time. Children are welcome to come along.',
    ],
  },
  {
    question: 'Tell me about tutoring. When does it start?',
    answer: [
      'Tutoring for grades K–6 starts in Fall 2024. A credentialed teacher works with children one-on-one or in small groups of up to four on reading, writing and math, matched to what your child’s school is covering. Join the tutoring waitlist and we will contact families in the order they signed up as soon as the schedule is set.',
    ],
  },
  {
    question: 'What should my child bring?',
    answer: [
      'A backpack big enough for a folder, a refillable water bottle, a complete change of clothes (including socks and underwear) in a labeled bag, and a jacket or sweater — Redwood City mornings can be cool. Please put sunscreen on before drop-off on sunny days. Shoes should be closed-toe and good for running. Label everything with your child’s name.',
    ],
  },
  {
    question: 'How do I stay in touch with my child’s teachers?',
    answer: [
      'Session announcements and resources appear in the Student Portal under My sessions, and important announcements also come by email (and text message, if you opt in). Teachers are available for a quick chat at drop-off and pickup, and you can email or call the center any time.',
    ],
  },
  {
    question: 'Is the center licensed?',
    answer: [
      'Yes. We are a licensed child care center in California, regularly inspected by Community Care Licensing. All staff are fingerprinted, background-checked and certified in pediatric first aid and CPR.',
    ],
  },
];

export const termsCopy: TermsCopy = {
  title: 'Terms and Conditions',
  /** spec §2/§9: the exact last-modified line. */
  lastModified: 'last modified February 21, 2022',
  intro: `These terms apply to ${site.name}'s website and its Student Portal (together, "the site"). By using the site, you agree to them. If you do not agree, please do not use the site and contact us instead — we are happy to help by phone or email.`,
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        `${site.name} ("we", "us") is a licensed child care and learning center at ${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}. Our contact details are at the bottom of this page.`,
      ],
    },
    {
      heading: 'Using the site',
      paragraphs: [
        'You may use the site to learn about our programs, contact us, manage your family’s information and enroll your children. Please do not try to access accounts or information that are not yours, interfere with the site’s operation, or use automated tools to collect information from it.',
      ],
    },
    {
      heading: 'Your Student Portal account',
      paragraphs: [
        'You must be at least 18 and a parent or legal guardian of the children you add to your account. Please give accurate information — especially allergies, medical notes and the people allowed to pick up your child — and keep it up to date. Their safety depends on it.',
        'Keep your password private. You are responsible for activity under your account; if you think someone else has used it, reset your password and tell us right away.',
      ],
    },
    {
      heading: 'Enrollment, payments and waitlists',
      paragraphs: [
        'A place in a session is confirmed only when payment is complete. Payments are processed by our card payment provider on its own secure checkout page; we do not receive or store card numbers. If a checkout is not completed, the seat held for you is released.',
        'Waitlist places are offered in the order families joined. An offer is held for the period stated in our email, after which it passes to the next family. Each session’s expectation, dismissal and late pickup policies, shown on the session page, form part of your enrollment.',
        'Withdrawals and refunds follow the policy stated for the session at the time you enroll. If we must cancel a session, we refund what you paid for it in full.',
      ],
    },
    {
      heading: 'Your family’s information',
      paragraphs: [
        'We use the information you give us only to care for and teach your children, to contact you, and to meet our licensing obligations. We do not sell it or share it for advertising. Staff see only what they need to do their jobs.',
        'The site does not use tracking cookies. Your browser’s local storage keeps your theme choice, your language and, when you sign in, your login session. You can ask us at any time for a copy of your information or to correct or delete it, except where licensing rules require us to keep records.',
        'You can download everything we hold about your family at any time with “Download our data” in the Student Portal: one file, readable by people and by spreadsheets. You can also close your account there, after typing your password again. Closing erases your children’s and contacts’ details, pickup passes, places, waitlist places, check-ins and the messages we sent you; we keep only your past payments, without names or contact details, because our accounts must show them. We cannot close an account while a child is enrolled in a session that has not ended or while a payment or refund is on its way; we will tell you which, and we email you when the account is closed.',
      ],
    },
    {
      heading: 'Photos and content',
      paragraphs: [
        'Text, photos and illustrations on the site belong to us or are used with permission. We only publish photos of children whose parents have given written consent, and never with a child’s full name. Photos shared with you in the Student Portal are for your family’s personal use.',
      ],
    },
    {
      heading: 'Messages from us',
      paragraphs: [
        'By creating an account you agree to receive email about your account, enrollments and announcements for your children’s sessions. Text messages are sent only to contacts who opt in, and you can opt out at any time from the Student Portal or by replying STOP.',
      ],
    },
    {
      heading: 'Links to other sites',
      paragraphs: [
        'The site links to other services, such as review sites, social media, our map provider and our payment provider. We are not responsible for their content or privacy practices; their own terms apply.',
      ],
    },
    {
      heading: 'Availability and liability',
      paragraphs: [
        'We work hard to keep the site accurate and available, but it is provided "as is" and may occasionally be unavailable or contain errors. To the extent the law allows, we are not liable for indirect or consequential losses arising from use of the site. Nothing in these terms limits our responsibilities for the care of your children under our enrollment agreement and California law.',
      ],
    },
    {
      heading: 'Changes and governing law',
      paragraphs: [
        'We may update these terms from time to time; the date at the top of this page shows the latest version, and we will email account holders about significant changes. These terms are governed by the laws of the State of California.',
      ],
    },
  ],
  contactHeading: 'Questions about these terms?',
};

export const dashboardCopy: DashboardCopy = {
  intro: 'Everything for your family in one place. Pick up where you left off:',
  sections: [
    {
      key: 'students',
      title: 'My students',
      description:
        'Add your children and keep their details and allergies up to date before their first day.',
    },
    {
      key: 'contacts',
      title: 'Emergency contacts',
      description: 'The people we may call in an emergency, and who is allowed to pick up your child.',
    },
    {
      key: 'sessions',
      title: 'My sessions',
      description: 'Sessions your children are enrolled in, with announcements and resources from teachers.',
    },
    {
      key: 'billing',
      title: 'Billing',
      description: 'Your payments and receipts.',
    },
    {
      key: 'browse',
      title: 'Browse sessions',
      description: 'See upcoming sessions, enroll, or join a waitlist when a session is full.',
    },
  ],
};
