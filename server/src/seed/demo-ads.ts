/** Demo listings written by hand: four per category (demo-catalog.ts generates the rest). Prices in USD. */
export interface DemoAd {
  category: string;
  title: string;
  description: string;
  price: number;
  location: string;
}

export const demoAds: DemoAd[] = [
  {
    category: 'electronics',
    title: 'iPhone 14 Pro 256GB, Deep Purple, like new',
    description:
      'Bought in March, always in a case with a screen protector. Battery health 96%. Comes with the original box and an unused USB-C cable. Unlocked, works with every carrier.',
    price: 749,
    location: 'Austin, TX',
  },
  {
    category: 'electronics',
    title: 'Sony WH-1000XM5 noise cancelling headphones',
    description:
      'Excellent condition, barely used since I switched to earbuds. Includes the carrying case, charging cable and airplane adapter. Noise cancelling works perfectly.',
    price: 229,
    location: 'Seattle, WA',
  },
  {
    category: 'electronics',
    title: 'MacBook Air M2 13" 16GB / 512GB',
    description:
      'Midnight color, 38 battery cycles, no scratches or dents. Selling because work gave me a laptop. Reset to factory settings and ready for its new owner.',
    price: 1049,
    location: 'San Francisco, CA',
  },
  {
    category: 'electronics',
    title: 'Nintendo Switch OLED with two games',
    description:
      'White OLED model with dock, Joy-Cons and the original charger. Includes Mario Kart 8 Deluxe and Zelda: Tears of the Kingdom. Smoke-free home.',
    price: 320,
    location: 'Denver, CO',
  },
  {
    category: 'vehicles',
    title: '2018 Toyota Corolla LE, 62k miles',
    description:
      'One owner, clean title, all maintenance done at the dealer with records. New tires last fall. Backup camera, Bluetooth, lane assist. Very economical daily driver.',
    price: 15900,
    location: 'Phoenix, AZ',
  },
  {
    category: 'vehicles',
    title: 'Trek FX 3 hybrid bike, size M',
    description:
      'Carbon fork, hydraulic disc brakes, 2x10 drivetrain. Ridden on weekends for two seasons and serviced this spring. Comes with fenders and a rear rack.',
    price: 650,
    location: 'Portland, OR',
  },
  {
    category: 'vehicles',
    title: '2015 Honda CB500F motorcycle',
    description:
      'Great beginner bike, 11k miles, garage kept. New chain and sprockets, recent oil change. Includes two helmets and a tank bag. Title in hand.',
    price: 4200,
    location: 'San Diego, CA',
  },
  {
    category: 'vehicles',
    title: 'Thule roof box Motion XT L',
    description:
      'Fits most crossbars, opens from both sides. A few light scratches on the lid, locks and keys work. Perfect for ski trips and summer camping.',
    price: 480,
    location: 'Salt Lake City, UT',
  },
  {
    category: 'real-estate',
    title: 'Sunny 2-bedroom apartment near the park',
    description:
      'Second floor, 850 sq ft, hardwood floors, updated kitchen with dishwasher. Laundry in the building, cats welcome. Ten minutes walk to the subway. Available from the 1st.',
    price: 2350,
    location: 'Brooklyn, NY',
  },
  {
    category: 'real-estate',
    title: 'Studio for rent in the historic district',
    description:
      'Bright studio with high ceilings and a large window facing a quiet courtyard. Heat and water included. Street parking, groceries around the corner.',
    price: 1250,
    location: 'Savannah, GA',
  },
  {
    category: 'real-estate',
    title: '3-bed family house with garden for sale',
    description:
      '1,900 sq ft on a quiet cul-de-sac, renovated bathrooms, two-car garage and a fenced backyard. Close to schools and shopping. Open house every Saturday.',
    price: 389000,
    location: 'Raleigh, NC',
  },
  {
    category: 'real-estate',
    title: 'Private office space, 6 desks, downtown',
    description:
      'Furnished office on the 4th floor with a meeting corner, fast fiber internet and 24/7 access. Shared kitchen and reception. Flexible 6 or 12 month terms.',
    price: 1800,
    location: 'Chicago, IL',
  },
  {
    category: 'jobs',
    title: 'Barista, part-time, weekend mornings',
    description:
      'Friendly neighborhood cafe looking for an experienced barista for Saturday and Sunday mornings. Latte art a plus. Tips shared equally. Start next month.',
    price: 18,
    location: 'Minneapolis, MN',
  },
  {
    category: 'jobs',
    title: 'Junior front-end developer (React)',
    description:
      'Small product team building a booking platform. You know HTML, CSS and React and want to learn testing and accessibility. Hybrid, two days in the office. Salary per hour shown.',
    price: 38,
    location: 'Boston, MA',
  },
  {
    category: 'jobs',
    title: 'Delivery driver with own van',
    description:
      'Local furniture store needs a reliable driver for deliveries three days a week. Clean driving record required. Fuel reimbursed. Hourly rate shown.',
    price: 24,
    location: 'Columbus, OH',
  },
  {
    category: 'jobs',
    title: 'Summer camp counselor',
    description:
      'Outdoor day camp for kids aged 7 to 12 is hiring counselors for June to August. First-aid certificate preferred, training provided. Hourly rate shown.',
    price: 17,
    location: 'Asheville, NC',
  },
  {
    category: 'services',
    title: 'House cleaning, weekly or one-off',
    description:
      'Insured cleaner with 8 years of experience and great references. Eco-friendly products, deep cleans, move-in and move-out cleaning. Price per visit for a 2-bedroom.',
    price: 120,
    location: 'Houston, TX',
  },
  {
    category: 'services',
    title: 'Math and physics tutoring, high school',
    description:
      'Engineering graduate tutoring algebra, calculus and physics, online or at your home. Exam preparation and homework help. Price per one-hour session.',
    price: 45,
    location: 'Philadelphia, PA',
  },
  {
    category: 'services',
    title: 'Handyman: shelves, furniture assembly, small repairs',
    description:
      'Own tools, on time, tidy work. Flat-pack assembly, TV mounting, leaky taps, door adjustments. Price per hour, one hour minimum.',
    price: 55,
    location: 'Atlanta, GA',
  },
  {
    category: 'services',
    title: 'Wedding and portrait photography',
    description:
      'Natural light photographer with a relaxed style. Packages include an edited online gallery within two weeks. Price shown for a two-hour portrait session.',
    price: 350,
    location: 'Nashville, TN',
  },
  {
    category: 'fashion',
    title: "Levi's 501 jeans, W32 L32, vintage wash",
    description:
      'Classic straight fit, worn a handful of times. No rips or stains. Selling because they are a little big for me now.',
    price: 45,
    location: 'Los Angeles, CA',
  },
  {
    category: 'fashion',
    title: 'Leather crossbody bag, cognac brown',
    description:
      'Full-grain leather with an adjustable strap and brass hardware. Fits a phone, wallet and keys. Lightly used, comes with its dust bag.',
    price: 85,
    location: 'Miami, FL',
  },
  {
    category: 'fashion',
    title: 'Patagonia down jacket, men M',
    description:
      'Warm and light, packs into its own pocket. Black, no tears, zip works perfectly. Great for winter commutes and hiking.',
    price: 140,
    location: 'Boulder, CO',
  },
  {
    category: 'fashion',
    title: 'Nike Air Max 90, size 9, white',
    description:
      'Worn twice, basically new, with the original box. They just do not fit my style. Can meet downtown.',
    price: 95,
    location: 'New York, NY',
  },
  {
    category: 'home-garden',
    title: 'Mid-century oak dining table with 4 chairs',
    description:
      'Solid oak, 63 x 35 inches, seats six with the leaf. Chairs were reupholstered last year. A few small marks on the tabletop consistent with age.',
    price: 540,
    location: 'Portland, OR',
  },
  {
    category: 'home-garden',
    title: 'Dyson V11 cordless vacuum',
    description:
      'All attachments included plus a wall dock. Battery still runs about 45 minutes on eco mode. Filter washed and dried.',
    price: 260,
    location: 'Charlotte, NC',
  },
  {
    category: 'home-garden',
    title: 'Set of 6 terracotta planters with saucers',
    description:
      'Different sizes from 6 to 14 inches, perfect for herbs and succulents. Moving and cannot take them with me.',
    price: 40,
    location: 'Sacramento, CA',
  },
  {
    category: 'home-garden',
    title: 'Weber Spirit II gas grill, 3 burners',
    description:
      'Used for two summers, cleaned and covered every winter. Includes a full propane tank and the grill cover. Ignition works on first click.',
    price: 300,
    location: 'Kansas City, MO',
  },
  {
    category: 'sports-outdoors',
    title: 'Two-person backpacking tent, 3 lbs',
    description:
      'Freestanding, two doors and two vestibules. Used on four trips, no holes, seams sealed. Includes footprint and stakes.',
    price: 180,
    location: 'Bend, OR',
  },
  {
    category: 'sports-outdoors',
    title: 'Adjustable dumbbells 5–52.5 lbs (pair)',
    description:
      'Space-saving set that replaces 15 pairs of weights. Dial selector works smoothly. Stand not included. Pickup only.',
    price: 290,
    location: 'Dallas, TX',
  },
  {
    category: 'sports-outdoors',
    title: 'Burton snowboard 155 with bindings',
    description:
      'All-mountain board, waxed and edges tuned this season. Bindings fit boot sizes 8 to 11. Great for intermediate riders.',
    price: 260,
    location: 'Reno, NV',
  },
  {
    category: 'sports-outdoors',
    title: 'Stand-up paddle board, inflatable, 10\'6"',
    description:
      'Includes pump, paddle, leash and backpack. Stable and easy for beginners. Used one summer on the lake.',
    price: 210,
    location: 'Madison, WI',
  },
  {
    category: 'pets',
    title: 'Large dog crate, 42 inch, two doors',
    description:
      'Folding metal crate with divider panel and removable tray. Fits labs and shepherds. Clean and sturdy.',
    price: 60,
    location: 'San Antonio, TX',
  },
  {
    category: 'pets',
    title: 'Aquarium 40 gallons with filter and light',
    description:
      'Complete setup: glass tank, canister filter, LED light, heater and stand. Emptied and cleaned. Great starter for a community tank.',
    price: 175,
    location: 'Tampa, FL',
  },
  {
    category: 'pets',
    title: 'Dog walking and pet sitting',
    description:
      'Reliable and experienced with dogs of all sizes. 30-minute walks, feeding visits, overnight stays. References available. Price per walk.',
    price: 20,
    location: 'Oakland, CA',
  },
  {
    category: 'pets',
    title: 'Cat tree, 5 levels with scratching posts',
    description:
      'Tall tower with two condos, hammock and sisal posts. Our cats loved it but we are moving. Light wear on one post.',
    price: 55,
    location: 'Pittsburgh, PA',
  },
  {
    category: 'books-hobbies',
    title: 'Complete Harry Potter hardcover set',
    description:
      'All seven books, first American editions in good condition with dust jackets. Some shelf wear on the covers.',
    price: 120,
    location: 'Providence, RI',
  },
  {
    category: 'books-hobbies',
    title: 'Fujifilm X-T30 with 18–55mm lens',
    description:
      'Mirrorless camera in silver, shutter count around 8,000. Includes two batteries, charger, strap and a 64GB card.',
    price: 820,
    location: 'Santa Fe, NM',
  },
  {
    category: 'books-hobbies',
    title: 'LEGO Technic Porsche 911 GT3 RS, sealed',
    description: 'New in sealed box, retired set. Bought as a gift that never happened. Smoke-free home.',
    price: 430,
    location: 'Cincinnati, OH',
  },
  {
    category: 'books-hobbies',
    title: 'Board game bundle: Catan, Ticket to Ride, Azul',
    description:
      'All pieces complete and counted, boxes in good shape. Great for family game nights. Will not split.',
    price: 75,
    location: 'Ann Arbor, MI',
  },
  {
    category: 'kids-baby',
    title: 'UPPAbaby Vista stroller with bassinet',
    description:
      'Gray, from 2022, clean and fully working. Includes rain cover, cup holder and the bassinet for newborns.',
    price: 480,
    location: 'Arlington, VA',
  },
  {
    category: 'kids-baby',
    title: 'Wooden kitchen play set',
    description:
      'Solid wood toy kitchen with oven, sink and lots of accessories. A few stickers peeled, otherwise great. Pickup only.',
    price: 70,
    location: 'Omaha, NE',
  },
  {
    category: 'kids-baby',
    title: 'Convertible car seat, rear and forward facing',
    description:
      'Never in an accident, expiration date 2029. Covers washed. Manual included. Fits children from 5 to 65 lbs.',
    price: 110,
    location: 'Indianapolis, IN',
  },
  {
    category: 'kids-baby',
    title: 'Kids bike 16 inch with training wheels',
    description: 'Blue, for ages 4 to 6. New tires and a bell. Training wheels are removable.',
    price: 65,
    location: 'Louisville, KY',
  },
  {
    category: 'music-instruments',
    title: 'Yamaha P-125 digital piano with stand',
    description:
      '88 weighted keys, sounds great, includes the matching wooden stand, sustain pedal and bench. Lightly used.',
    price: 520,
    location: 'Richmond, VA',
  },
  {
    category: 'music-instruments',
    title: 'Fender Player Stratocaster, sunburst',
    description:
      'Mexican-made, excellent playability, new strings. Includes a gig bag and strap. No modifications.',
    price: 610,
    location: 'Memphis, TN',
  },
  {
    category: 'music-instruments',
    title: 'Guitar lessons for beginners',
    description:
      'Patient teacher with 10 years of experience. Acoustic or electric, chords to your first songs. Price per 45-minute lesson.',
    price: 35,
    location: 'Austin, TX',
  },
  {
    category: 'music-instruments',
    title: 'Roland TD-07 electronic drum kit',
    description:
      'Quiet mesh heads, perfect for apartments. Includes throne, kick pedal and headphones. Works perfectly.',
    price: 690,
    location: 'Milwaukee, WI',
  },
];
