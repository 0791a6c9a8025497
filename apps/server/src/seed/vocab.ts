/**
 * Word lists the generators draw from. The same lists feed the demo generator (in JS) and the
 * large one (as SQL array literals), so both scales look alike.
 */

export const FIRST_NAMES = [
  'Jayvion', 'Lucian', 'Deja', 'Harrison', 'Reece', 'Lainey', 'Cristopher', 'Melanie', 'Chase',
  'Shawn', 'Soren', 'Amara', 'Ariana', 'Mateo', 'Sofia', 'Liam', 'Olivia', 'Noah', 'Emma',
  'Lucas', 'Chloé', 'Hugo', 'Léa', 'Inès', 'Gabriel', 'Nguyễn', 'Minh', 'Linh', 'Anh', 'Thảo',
  'Wei', 'Li', 'Fang', 'Jun', 'Mei', 'Omar', 'Fatima', 'Yousef', 'Layla', 'Amir', 'Hannah',
  'Jonas', 'Lena', 'Felix', 'Mia', 'Diego', 'Valentina', 'Camila', 'Santiago', 'Isabella',
  'Kenji', 'Yuki', 'Haruto', 'Aiko', 'Priya', 'Arjun', 'Ananya', 'Rohan', 'Zara', 'Elijah',
];

export const LAST_NAMES = [
  'Simon', 'Belo', 'Stephens', 'Mcintyre', 'Hudson', 'Rios', 'Cooper', 'Graves', 'Hogan',
  'Cunningham', 'Martin', 'Bernard', 'Dubois', 'Moreau', 'Laurent', 'Trần', 'Lê', 'Phạm',
  'Hoàng', 'Vũ', 'Wang', 'Zhang', 'Liu', 'Chen', 'Yang', 'Haddad', 'Mansour', 'Khalil', 'Nasser',
  'Saleh', 'Müller', 'Schmidt', 'Fischer', 'Weber', 'Wagner', 'García', 'Fernández', 'López',
  'Martínez', 'Rossi', 'Bianchi', 'Tanaka', 'Sato', 'Suzuki', 'Patel', 'Sharma', 'Gupta',
  'Okafor', 'Mensah', 'Nguyen', 'Johnson', 'Williams', 'Brown', 'Taylor', 'Anderson', 'Clark',
];

export const COMPANIES = [
  'Lueilwitz and Sons', 'Gleichner, Mueller and Tromp', 'Nikolaus - Leuschke', 'Hegmann, Kreiger and Bayer',
  'Grimes Inc', 'Durgan - Murazik', 'Altenwerth, Medhurst and Roberts', 'Raynor Group', 'Mraz, Donnelly and Collins',
  'Padberg - Bailey', 'Heidenreich, Stokes and Parker', 'Pagac and Sons', 'Rempel, Hand and Herzog',
  'Dare - Treutel', 'Kihn, Marquardt and Crist', 'Nolan - Kunde', 'Wuckert Inc', 'Dibbert Inc',
  'Goyette and Sons', 'Feest Group', 'Bosco and Sons', 'Bartell - Cronin', 'Okuneva - Jakubowski',
  'Northwind Traders', 'Contoso Ltd', 'Fabrikam', 'Tailspin Toys', 'Wide World Importers',
  'Atelier Lumière', 'Saigon Textiles', 'Jade River Co.', 'Nile Logistics', 'Andes Coffee Co.',
];

export const JOB_TITLES = [
  'CEO', 'CTO', 'Project Coordinator', 'Team Leader', 'Software Developer', 'Marketing Strategist',
  'Data Analyst', 'Product Owner', 'Graphic Designer', 'Operations Manager', 'Network Engineer',
  'Content Creator', 'Customer Support Agent', 'Web Developer', 'UI/UX Designer', 'Financial Planner',
  'HR Recruiter', 'Sales Executive', 'Quality Assurance Tester', 'Accountant', 'Full Stack Designer',
  'Front End Developer', 'Backend Developer', 'Logistics Manager',
];

/** [country, state, city, street, zip prefix, phone prefix] — addresses in several countries. */
export const PLACES: Array<[string, string, string, string, string, string]> = [
  ['United States', 'California', 'San Francisco', 'Market Street', '941', '+1 415'],
  ['United States', 'New York', 'New York', 'Broadway', '100', '+1 212'],
  ['United States', 'Texas', 'Austin', 'Congress Avenue', '787', '+1 512'],
  ['France', 'Île-de-France', 'Paris', 'Rue de Rivoli', '750', '+33 1'],
  ['France', 'Auvergne-Rhône-Alpes', 'Lyon', 'Rue de la République', '690', '+33 4'],
  ['Vietnam', 'Hồ Chí Minh', 'Ho Chi Minh City', 'Đường Lê Lợi', '700', '+84 28'],
  ['Vietnam', 'Hà Nội', 'Hanoi', 'Phố Hàng Bạc', '100', '+84 24'],
  ['China', 'Shanghai', 'Shanghai', 'Nanjing Road', '200', '+86 21'],
  ['China', 'Guangdong', 'Shenzhen', 'Shennan Avenue', '518', '+86 755'],
  ['Sudan', 'Khartoum', 'Khartoum', 'Nile Street', '111', '+249 183'],
  ['Egypt', 'Cairo', 'Cairo', 'Tahrir Street', '115', '+20 2'],
  ['Germany', 'Berlin', 'Berlin', 'Unter den Linden', '101', '+49 30'],
  ['United Kingdom', 'England', 'London', 'Baker Street', 'NW1', '+44 20'],
  ['Japan', 'Tokyo', 'Tokyo', 'Omotesando', '150', '+81 3'],
  ['Brazil', 'São Paulo', 'São Paulo', 'Avenida Paulista', '013', '+55 11'],
  ['India', 'Maharashtra', 'Mumbai', 'Marine Drive', '400', '+91 22'],
  ['Canada', 'Ontario', 'Toronto', 'Queen Street West', 'M5V', '+1 416'],
  ['Australia', 'New South Wales', 'Sydney', 'George Street', '200', '+61 2'],
];

/** Weighted: most people are active. */
export const USER_STATUS_WEIGHTS = ['active', 'active', 'active', 'active', 'active', 'active', 'pending', 'pending', 'banned', 'rejected'];

export const PRODUCT_ADJECTIVES = [
  'Classic', 'Urban', 'Nike', 'Foundations', 'Air', 'Zoom', 'Arizona', 'Boston', 'Suede', 'Trail',
  'Canvas', 'Leather', 'Woven', 'Retro', 'Essential', 'Everyday', 'Ultra', 'Soft', 'Vintage', 'Street',
  'Mountain', 'Coastal', 'Minimal', 'Premium', 'Lightweight', 'Waterproof', 'Organic', 'Slim',
];
export const PRODUCT_NOUNS = [
  'Sneakers', 'Runner', 'Loafers', 'Boots', 'Sandals', 'Slip-On', 'Hoodie', 'Jacket', 'Tee',
  'Shirt', 'Jeans', 'Chinos', 'Dress', 'Skirt', 'Sweater', 'Backpack', 'Tote', 'Watch', 'Cap',
  'Scarf', 'Parka', 'Shorts', 'Blazer', 'Polo',
];
/** Which nouns belong to which category (index into the contract's PRODUCT_CATEGORIES). */
export function categoryOfNoun(nounIndex: number): number {
  if (nounIndex < 6) return 0;
  if (nounIndex === 15 || nounIndex === 16 || nounIndex === 17 || nounIndex === 18 || nounIndex === 19) return 2;
  return 1;
}
export const PRODUCT_TAGS = ['Technology', 'Marketing', 'Design', 'Photography', 'Art', 'Fashion', 'Sport', 'Outdoor'];

export const REVIEW_COMMENTS = [
  'Fits perfectly and feels great all day.',
  'Good quality for the price, would buy again.',
  'The colour is a bit different from the photos but still nice.',
  'Arrived quickly and well packed.',
  'Comfortable, but runs half a size small.',
  'Excellent finish, my favourite purchase this year.',
  'Not what I expected; the material feels thin.',
  'Great value. The stitching is solid.',
  'Très bon produit, livraison rapide.',
  'Sản phẩm tốt, đóng gói cẩn thận.',
  '质量很好，物超所值。',
  'منتج رائع وجودة ممتازة.',
];

/** Weighted: most orders are completed. */
export const ORDER_STATUS_WEIGHTS = ['completed', 'completed', 'completed', 'completed', 'completed', 'pending', 'pending', 'cancelled', 'refunded', 'completed'];

export const DISCOUNT_CODES: Array<{ code: string; percent?: number; amountCents?: number }> = [
  { code: 'WELCOME10', percent: 10 },
  { code: 'SPRING20', percent: 20 },
  { code: 'VIP30', percent: 30 },
  { code: 'FREESHIP', amountCents: 1000 },
  { code: 'SAVE5', amountCents: 500 },
  { code: 'BLACKFRIDAY', percent: 40 },
];

export const EVENT_TITLES = [
  'Team sync', 'Quarterly review', 'Design critique', 'Client call — Northwind', 'Sprint planning',
  'Product demo', 'One-to-one', 'Marketing brainstorm', 'Release retro', 'Budget meeting',
  'Onboarding session', 'Customer workshop', 'Hiring panel', 'Board meeting', 'Lunch & learn',
];

export const KANBAN_COLUMNS = ['To do', 'In progress', 'Ready to test', 'Done'];
export const KANBAN_TASKS = [
  'Prepare monthly financial report', 'Design new marketing campaign', 'Analyse customer feedback',
  'Update website content', 'Conduct market research', 'Develop mobile app prototype',
  'Optimise checkout flow', 'Write release notes', 'Plan team offsite', 'Review supplier contracts',
  'Migrate invoices to new template', 'Fix avatar upload on Safari', 'Translate help centre to Arabic',
  'Audit accessibility of forms', 'Set up weekly sales dashboard', 'Interview backend candidates',
  'Refresh product photography', 'Negotiate shipping rates', 'Clean up stale discount codes',
  'Benchmark the order list', 'Draft privacy policy update', 'Prepare investor deck',
];
export const KANBAN_LABELS = ['Technology', 'Health', 'Finance', 'Marketing', 'Design', 'Sales'];
export const KANBAN_COMMENTS = [
  'I will take this one.', 'Blocked until the API is ready.', 'Looks good to me.',
  'Can we move this to next sprint?', 'Done on my side, please review.', 'Added the screenshots.',
];
