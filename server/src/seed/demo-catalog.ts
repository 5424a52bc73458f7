import type { DemoAd } from './demo-ads';

/**
 * Word lists the generated demo ads are put together from, per category: what is offered
 * (title variants, a price range in USD, sentences about it) and how such ads usually end.
 * Written for Bazaar; the same lists always give the same ads.
 */
interface ProductLine {
  titles: [string, string, string];
  price: [number, number];
  details: [string, string, string];
}

interface CategoryCatalog {
  lines: ProductLine[];
  /** The last sentence of a description: condition, hand-over, how to apply or book. */
  closers: string[];
}

const goodsClosers = [
  'Pick up only, cash or a payment app.',
  'Smoke-free and pet-free home.',
  'Happy to meet at a public place nearby.',
  'Price is firm, no trades please.',
  'Can deliver within 10 miles for a small fee.',
  'Message me with any questions, I answer quickly.',
  'Moving sale, must go this month.',
  'First come, first served.',
];

const catalogs: Record<string, CategoryCatalog> = {
  electronics: {
    closers: goodsClosers,
    lines: [
      {
        titles: [
          'Samsung Galaxy S23 128GB, unlocked',
          'Google Pixel 8, 128GB, Obsidian',
          'iPhone 13 mini 128GB, Midnight',
        ],
        price: [280, 520],
        details: [
          'Always used with a case and a screen protector.',
          'Battery still lasts a full day.',
          'Comes with the original box and charging cable.',
        ],
      },
      {
        titles: [
          'Dell XPS 13 laptop, 16GB RAM',
          'Lenovo ThinkPad T14, Ryzen 7',
          'MacBook Pro 14" M1 Pro, 512GB',
        ],
        price: [450, 1400],
        details: [
          'Fresh install of the operating system, ready to use.',
          'Keyboard and screen are in great shape, no dead pixels.',
          'Charger included, battery cycle count is low.',
        ],
      },
      {
        titles: [
          'Bose QuietComfort 45 headphones',
          'AirPods Pro (2nd generation)',
          'Sennheiser HD 600 open-back headphones',
        ],
        price: [90, 260],
        details: [
          'Sound is excellent and the pads are clean.',
          'Includes the case and a spare set of tips.',
          'Upgraded to a newer model, these still work perfectly.',
        ],
      },
      {
        titles: [
          'Canon EOS R50 with kit lens',
          'Sony a6400 mirrorless camera body',
          'GoPro HERO11 Black with accessories',
        ],
        price: [320, 850],
        details: [
          'Low shutter count, sensor recently cleaned.',
          'Comes with two batteries, a charger and a 64GB card.',
          'Used on a handful of trips, always kept in a padded bag.',
        ],
      },
      {
        titles: [
          'LG 55" 4K OLED TV',
          'Samsung 43" smart TV with remote',
          'TCL 65" 4K TV, wall mount included',
        ],
        price: [180, 900],
        details: [
          'Picture is bright and sharp, no burn-in.',
          'Remote, stand feet and power cable included.',
          'Works with all the usual streaming apps.',
        ],
      },
      {
        titles: [
          'PlayStation 5 with two controllers',
          'Xbox Series S, 512GB, like new',
          'Steam Deck 256GB with case',
        ],
        price: [220, 420],
        details: [
          'Runs quietly and has never been opened.',
          'A few games are included, ask for the list.',
          'Reset to factory settings, account removed.',
        ],
      },
      {
        titles: [
          'iPad Air 5th gen, 64GB, Wi-Fi',
          'Kindle Paperwhite, 16GB, no ads',
          'Samsung Galaxy Tab S8 with S Pen',
        ],
        price: [90, 480],
        details: [
          'Screen has no scratches, kept in a folio cover.',
          'Great for reading, notes and streaming.',
          'Charger included, battery health is excellent.',
        ],
      },
    ],
  },
  vehicles: {
    closers: [
      'Clean title in hand.',
      'Test drives welcome with a valid license.',
      'Service records available on request.',
      'No trades, serious buyers only please.',
      'Located in a well-lit lot, come and see it any evening.',
    ],
    lines: [
      {
        titles: [
          '2016 Honda Civic EX, 89k miles',
          '2019 Mazda3 hatchback, 41k miles',
          '2014 Subaru Impreza, 112k miles',
        ],
        price: [8500, 18900],
        details: [
          'Regular oil changes, new brakes last year.',
          'No accidents, non-smoker owned.',
          'Cold A/C, Bluetooth and backup camera.',
        ],
      },
      {
        titles: [
          '2012 Toyota Tacoma 4x4, 148k miles',
          '2017 Ford F-150 XLT, 96k miles',
          '2015 Chevy Colorado LT, 88k miles',
        ],
        price: [14500, 27900],
        details: [
          'Tow package and bed liner.',
          'Tires have plenty of tread left.',
          'Runs strong, no warning lights.',
        ],
      },
      {
        titles: [
          '2020 Kawasaki Ninja 400, 6k miles',
          '2011 Harley-Davidson Sportster 883',
          '2018 Yamaha MT-07, 9k miles',
        ],
        price: [3900, 7200],
        details: [
          'Garage kept and covered in winter.',
          'New battery and a fresh service.',
          'Two keys and the owner manual included.',
        ],
      },
      {
        titles: [
          '2010 Airstream Sport 22 travel trailer',
          'Teardrop camper, sleeps two',
          '2015 Jayco pop-up camper',
        ],
        price: [6500, 32000],
        details: [
          'Dry, no leaks, stored under a roof.',
          'Propane stove, sink and fresh water tank.',
          'Ready for this camping season.',
        ],
      },
      {
        titles: [
          'Specialized Sirrus hybrid bike, size L',
          'Cannondale road bike, 56 cm',
          'Electric commuter bike, 40-mile range',
        ],
        price: [350, 1600],
        details: [
          'Tuned up at a local shop this spring.',
          'Shifts smoothly, tires and brakes are fresh.',
          'Lock and lights included.',
        ],
      },
      {
        titles: [
          'Set of 4 winter tires 205/55R16',
          'Yakima bike rack for a 2" hitch',
          'Car roof rack crossbars, universal',
        ],
        price: [120, 480],
        details: [
          'Used for one season only.',
          'All hardware and keys included.',
          'Fits most sedans and small SUVs.',
        ],
      },
      {
        titles: [
          '2013 Vespa Primavera 150 scooter',
          'Honda Ruckus 50cc, 3k miles',
          'Electric scooter, 25 mph, foldable',
        ],
        price: [450, 3200],
        details: [
          'Perfect for getting around town.',
          'Starts on the first try every time.',
          'Helmet included.',
        ],
      },
    ],
  },
  'real-estate': {
    closers: [
      'Available from the first of next month.',
      'Viewings on weekday evenings and Saturdays.',
      'Twelve-month lease, first month and deposit to move in.',
      'No smoking, small pets considered.',
      'Utilities not included.',
    ],
    lines: [
      {
        titles: [
          '1-bedroom apartment with balcony',
          'Bright 1-bed near downtown',
          'Quiet 1-bedroom with parking spot',
        ],
        price: [1200, 2100],
        details: [
          'Updated kitchen with a dishwasher.',
          'Laundry in the building.',
          'Close to the bus line and grocery stores.',
        ],
      },
      {
        titles: [
          '2-bedroom townhouse with garage',
          'Spacious 2-bed, 2-bath condo',
          '2-bedroom duplex with a yard',
        ],
        price: [1650, 2900],
        details: [
          'Hardwood floors and lots of natural light.',
          'Central air and in-unit washer and dryer.',
          'Fenced yard, great for a small garden.',
        ],
      },
      {
        titles: [
          'Room for rent in a shared house',
          'Furnished room, all bills included',
          'Private room near the university',
        ],
        price: [550, 1100],
        details: [
          'Shared kitchen and living room with two friendly housemates.',
          'Fast internet, quiet neighborhood.',
          'Street parking is easy.',
        ],
      },
      {
        titles: [
          '3-bedroom house for sale, updated',
          'Craftsman bungalow, 3 beds, 2 baths',
          'Ranch home on a corner lot',
        ],
        price: [289000, 640000],
        details: [
          'New roof and water heater in the last three years.',
          'Large backyard with mature trees.',
          'Walking distance to schools and parks.',
        ],
      },
      {
        titles: [
          'Retail space on a busy street',
          'Small warehouse unit, 1,800 sq ft',
          'Shared office desk, monthly',
        ],
        price: [350, 4200],
        details: [
          'Roll-up door and easy loading access.',
          'High ceilings and good lighting.',
          'Flexible terms for small businesses.',
        ],
      },
      {
        titles: [
          'Studio apartment, all utilities paid',
          'Garden-level studio, private entrance',
          'Loft studio with high ceilings',
        ],
        price: [950, 1650],
        details: ['Compact but well laid out.', 'Heat, water and trash included.', 'Coin laundry on site.'],
      },
      {
        titles: [
          'Vacation cabin, weekly rental',
          'Beach cottage for summer weeks',
          'Mountain A-frame, sleeps six',
        ],
        price: [900, 2600],
        details: [
          'Fully equipped kitchen and linens provided.',
          'Wood stove and a deck with a view.',
          'Minimum stay of three nights.',
        ],
      },
    ],
  },
  jobs: {
    closers: [
      'Apply with a short note about yourself.',
      'Training provided, no experience needed.',
      'Pay shown is per hour, weekly paychecks.',
      'Interviews this week, start as soon as possible.',
      'Flexible schedule for students.',
    ],
    lines: [
      {
        titles: ['Line cook, evenings', 'Prep cook for a busy brunch spot', 'Dishwasher, full time'],
        price: [16, 24],
        details: [
          'Friendly kitchen team and a free staff meal every shift.',
          'Fast-paced but well organized.',
          'Must be able to work weekends.',
        ],
      },
      {
        titles: [
          'Warehouse associate, day shift',
          'Forklift operator, certified',
          'Shipping and receiving clerk',
        ],
        price: [17, 26],
        details: ['Steady hours with overtime available.', 'Safety gear provided.', 'Able to lift 50 lbs.'],
      },
      {
        titles: [
          'Retail sales associate, part-time',
          'Front desk receptionist',
          'Customer service rep, remote',
        ],
        price: [15, 22],
        details: [
          'Great team and an employee discount.',
          'Clear communication and a friendly attitude matter most.',
          'Paid training in the first week.',
        ],
      },
      {
        titles: ['Construction laborer', 'Apprentice electrician', 'Landscaping crew member'],
        price: [18, 30],
        details: [
          'Outdoor work, early starts.',
          'Own transportation required.',
          'Room to grow into a lead role.',
        ],
      },
      {
        titles: [
          'Administrative assistant, 30 hrs/week',
          'Bookkeeper for a small business',
          'Office manager, dental clinic',
        ],
        price: [20, 34],
        details: [
          'Comfortable with spreadsheets and email.',
          'Organized and detail oriented.',
          'Monday to Friday, no evenings.',
        ],
      },
      {
        titles: [
          'Caregiver for an elderly gentleman',
          'Nanny, three afternoons a week',
          'Preschool teacher assistant',
        ],
        price: [17, 28],
        details: [
          'Patient, kind and reliable.',
          'References and a background check required.',
          'CPR certification is a plus.',
        ],
      },
      {
        titles: [
          'Freelance graphic designer',
          'Web developer for a short project',
          'Social media assistant, remote',
        ],
        price: [25, 60],
        details: ['Portfolio required.', 'Work from home with a weekly call.', 'About ten hours a week.'],
      },
    ],
  },
  services: {
    closers: [
      'Licensed and insured.',
      'Free estimates, call or message any day.',
      'References available from happy neighbors.',
      'Weekends available at no extra charge.',
      'Price shown is a starting rate.',
    ],
    lines: [
      {
        titles: [
          'Plumbing repairs and installs',
          'Leaky faucet and toilet repair',
          'Water heater replacement',
        ],
        price: [80, 450],
        details: [
          'Same-day visits for most jobs.',
          'Clean work, I leave the place as I found it.',
          'Fifteen years of experience.',
        ],
      },
      {
        titles: [
          'Interior painting, rooms and trim',
          'Fence and deck staining',
          'Cabinet painting and refinishing',
        ],
        price: [150, 1200],
        details: [
          'Careful prep and tidy edges.',
          'I bring all the tools and drop cloths.',
          'Photos of past work on request.',
        ],
      },
      {
        titles: ['Haircuts at home', 'Bridal hair and makeup', 'Barber visits for seniors'],
        price: [30, 180],
        details: [
          'I come to you with everything needed.',
          'Relaxed and friendly service.',
          'Book a week ahead for weekends.',
        ],
      },
      {
        titles: ['Small moves and junk removal', 'Furniture pickup and delivery', 'Two movers with a truck'],
        price: [90, 400],
        details: [
          'Careful with stairs and tight doors.',
          'Blankets and straps included.',
          'Hourly rate, no hidden fees.',
        ],
      },
      {
        titles: ['Lawn mowing, weekly', 'Yard cleanup and hedge trimming', 'Gutter cleaning'],
        price: [40, 220],
        details: ['Reliable and on time.', 'All green waste hauled away.', 'Discount for regular visits.'],
      },
      {
        titles: ['Computer repair and setup', 'Home Wi-Fi and network setup', 'Phone screen replacement'],
        price: [50, 160],
        details: [
          'Most repairs done within a day.',
          'Clear explanation of what was fixed.',
          'Data is kept private.',
        ],
      },
      {
        titles: ['Piano lessons for kids', 'Spanish tutoring, all levels', 'SAT math prep'],
        price: [35, 80],
        details: [
          'Lessons online or in person.',
          'Patient teacher with a plan for each student.',
          'First lesson at half price.',
        ],
      },
    ],
  },
  fashion: {
    closers: goodsClosers,
    lines: [
      {
        titles: ["Levi's 501 jeans, 32x32", 'Vintage denim jacket, size M', 'Carhartt work jacket, size L'],
        price: [25, 90],
        details: [
          'Worn a few times, no stains or tears.',
          'Classic fit that goes with everything.',
          'Measurements on request.',
        ],
      },
      {
        titles: ['Wool winter coat, women S', 'Rain jacket, waterproof, men L', 'Puffer vest, size M'],
        price: [35, 160],
        details: ['Warm and in great condition.', 'All zippers and buttons work.', 'Freshly dry cleaned.'],
      },
      {
        titles: [
          'Leather ankle boots, size 8',
          'Running shoes, size 10, worn twice',
          'Dress shoes, brown, size 11',
        ],
        price: [30, 120],
        details: [
          'Soles have plenty of life left.',
          'Comes with the original box.',
          'Too small for me, sadly.',
        ],
      },
      {
        titles: [
          'Automatic wristwatch, steel bracelet',
          'Seiko dive watch, blue dial',
          'Minimalist watch, leather strap',
        ],
        price: [60, 420],
        details: [
          'Keeps good time, serviced last year.',
          'Light desk-diving marks on the bracelet.',
          'Box and papers included.',
        ],
      },
      {
        titles: ['Ray-Ban Wayfarer sunglasses', 'Vintage round sunglasses', 'Polarized sport sunglasses'],
        price: [25, 110],
        details: [
          'Lenses are scratch free.',
          'Case and cleaning cloth included.',
          'Great for driving and the beach.',
        ],
      },
      {
        titles: [
          'Sterling silver necklace with pendant',
          'Gold hoop earrings, 14k',
          'Handmade beaded bracelet',
        ],
        price: [20, 340],
        details: ['Gift box included.', 'Hardly worn, kept in a jewelry box.', 'A lovely present.'],
      },
      {
        titles: ['Canvas tote bag, large', 'Leather backpack, cognac', 'Weekender duffel bag'],
        price: [25, 150],
        details: ['Roomy with inside pockets.', 'Stitching and straps are solid.', 'Fits a 15" laptop.'],
      },
    ],
  },
  'home-garden': {
    closers: goodsClosers,
    lines: [
      {
        titles: ['Gray sectional sofa, 3 pieces', 'Leather loveseat, brown', 'Sleeper sofa with memory foam'],
        price: [180, 850],
        details: [
          'Comfortable and clean, no tears.',
          'Cushion covers are removable and washable.',
          'You will need two people to carry it.',
        ],
      },
      {
        titles: [
          'Mid-century armchair, walnut legs',
          'Reading chair with ottoman',
          'Pair of rattan accent chairs',
        ],
        price: [90, 420],
        details: [
          'Sturdy frame and original upholstery.',
          'Fits nicely in a corner.',
          'Selling because we are downsizing.',
        ],
      },
      {
        titles: ['Brass floor lamp', 'Set of two ceramic table lamps', 'Arc lamp with marble base'],
        price: [30, 160],
        details: [
          'Warm light, bulbs included.',
          'Works perfectly, no wobble.',
          'Goes well with a modern room.',
        ],
      },
      {
        titles: [
          'Cordless lawn mower with two batteries',
          'Garden tool set: shovel, rake, hoe',
          'Pressure washer, 2000 PSI',
        ],
        price: [45, 320],
        details: [
          'Used for two seasons, stored in a dry shed.',
          'Everything works as it should.',
          'Handles and blades in good shape.',
        ],
      },
      {
        titles: [
          'Raised garden bed kit, cedar',
          'Potted lemon tree, 4 ft',
          'Collection of succulents in pots',
        ],
        price: [20, 140],
        details: [
          'Healthy and ready for a sunny spot.',
          'Easy to move with a small car.',
          'Great start for a patio garden.',
        ],
      },
      {
        titles: [
          'Queen bed frame with headboard',
          'Solid wood dresser, 6 drawers',
          'Bookshelf, 5 shelves, white',
        ],
        price: [60, 380],
        details: [
          'Disassembled for easy transport.',
          'Drawers glide smoothly.',
          'Minor scuffs, nothing that shows in a room.',
        ],
      },
      {
        titles: [
          'KitchenAid stand mixer, red',
          'Cast iron skillet set of three',
          'Espresso machine with grinder',
        ],
        price: [35, 380],
        details: [
          'Works like new.',
          'All attachments included.',
          'Upgrading, so this one needs a new kitchen.',
        ],
      },
    ],
  },
  'sports-outdoors': {
    closers: goodsClosers,
    lines: [
      {
        titles: ['Mountain bike, 29" wheels, size L', 'Gravel bike, 54 cm, carbon fork', 'BMX bike, 20 inch'],
        price: [180, 1400],
        details: [
          'Recently tuned, shifts crisply.',
          'Tubeless-ready wheels and good tires.',
          'Rides great, just not using it enough.',
        ],
      },
      {
        titles: ['Four-person camping tent', 'Ultralight backpacking tent', 'Camping hammock with rain fly'],
        price: [40, 320],
        details: [
          'Sets up in minutes, no holes or broken poles.',
          'Packed dry and stored indoors.',
          'Stakes and footprint included.',
        ],
      },
      {
        titles: [
          'Kettlebell set, 15 to 35 lbs',
          'Olympic barbell with 160 lbs of plates',
          'Folding weight bench',
        ],
        price: [60, 420],
        details: ['Home gym clear-out.', 'No rust, kept indoors.', 'Heavy, bring a friend to help load.'],
      },
      {
        titles: [
          'Volleyball net set with ball',
          'Pickleball paddles, set of four',
          'Tennis racket, strung, 4 3/8 grip',
        ],
        price: [25, 140],
        details: [
          'Everything needed to play this weekend.',
          'Used a few summers, still in great shape.',
          'Bag included.',
        ],
      },
      {
        titles: ['Ski boots, size 27.5', 'All-mountain skis, 170 cm, with bindings', 'Snowshoes with poles'],
        price: [70, 450],
        details: [
          'Waxed and edges tuned at the end of last season.',
          'Fit a medium-wide foot.',
          'Ready for the first snow.',
        ],
      },
      {
        titles: ['Kayak, 10 ft, sit-on-top', 'Canoe paddles, pair', 'Life jackets, adult, set of two'],
        price: [30, 550],
        details: [
          'No cracks, stored out of the sun.',
          'Coast Guard approved.',
          'Great for lakes and calm rivers.',
        ],
      },
      {
        titles: ['Golf club set with stand bag', 'Hiking backpack, 55 liters', 'Trekking poles, carbon'],
        price: [40, 380],
        details: [
          'Lightly used, all pieces included.',
          'Comfortable hip belt and many pockets.',
          'Selling after switching to a new hobby.',
        ],
      },
    ],
  },
  pets: {
    closers: [
      'Rehoming fee shown helps us know you are serious.',
      'Meet and greet before any pickup.',
      'Clean, from a pet-friendly home.',
      'Happy to answer questions about care.',
      'Pick up only.',
    ],
    lines: [
      {
        titles: ['Large dog bed, orthopedic', 'Dog crate, 36 inch', 'Adjustable dog harness set, size M'],
        price: [20, 90],
        details: ['Washable cover, no odors.', 'Our dog outgrew it.', 'Sturdy and easy to fold.'],
      },
      {
        titles: ['Cat tree with sisal posts', 'Covered litter box with filter', 'Window perch for cats'],
        price: [15, 95],
        details: ['Stable and clean.', 'Cats loved it, we are moving.', 'All parts included.'],
      },
      {
        titles: [
          '20-gallon aquarium with stand',
          'Betta tank, 5 gallons, heated',
          'Aquarium filter and heater kit',
        ],
        price: [25, 180],
        details: [
          'No leaks, tested last week.',
          'Gravel and decorations included.',
          'Perfect starter setup.',
        ],
      },
      {
        titles: [
          'Bird cage, large, with perches',
          'Parakeet cage and accessories',
          'Travel carrier for small birds',
        ],
        price: [25, 140],
        details: ['Easy to clean slide-out tray.', 'Toys and feeders included.', 'Good condition, no rust.'],
      },
      {
        titles: ['Dog walking, 30-minute visits', 'Pet sitting in your home', 'Cat care while you travel'],
        price: [15, 45],
        details: [
          'Reliable and experienced with all sizes.',
          'Photo updates after every visit.',
          'Insured and bonded.',
        ],
      },
      {
        titles: ['Dog grooming at your door', 'Nail trims for dogs and cats', 'Puppy training sessions'],
        price: [20, 90],
        details: [
          'Gentle and patient handling.',
          'Positive reinforcement only.',
          'Evening appointments available.',
        ],
      },
      {
        titles: ['Guinea pig cage, two levels', 'Rabbit hutch, outdoor', 'Hamster habitat with tubes'],
        price: [25, 160],
        details: [
          'Roomy and well ventilated.',
          'Water bottle and food bowl included.',
          'Cleaned and ready for a new pet.',
        ],
      },
    ],
  },
  'books-hobbies': {
    closers: goodsClosers,
    lines: [
      {
        titles: [
          'Box of 30 paperback novels',
          'Classic literature set, hardcover',
          'Cookbook collection, 12 books',
        ],
        price: [15, 90],
        details: [
          'From a pet-free, smoke-free home.',
          'Spines in good condition.',
          'Great for a new bookshelf.',
        ],
      },
      {
        titles: [
          'Jigsaw puzzle lot, 1000 pieces each',
          'Wooden puzzle box collection',
          '3D puzzle of a city skyline',
        ],
        price: [10, 60],
        details: [
          'All pieces counted and bagged.',
          'Perfect for rainy weekends.',
          'Selling the whole lot together.',
        ],
      },
      {
        titles: ['Acrylic paint set with brushes', 'Watercolor starter kit', 'Tabletop easel, beech wood'],
        price: [15, 85],
        details: [
          'Barely used, most tubes unopened.',
          'Nice gift for a budding artist.',
          'Folds flat for storage.',
        ],
      },
      {
        titles: [
          'Board game night bundle',
          'Dungeons & Dragons starter set',
          'Chess set, wooden, weighted pieces',
        ],
        price: [20, 120],
        details: [
          'All pieces included, instructions too.',
          'Played a few times, well cared for.',
          'Boxes show light shelf wear.',
        ],
      },
      {
        titles: [
          'Vinyl records, 40 albums',
          'Comic book collection, 60 issues',
          'Stamp collection in albums',
        ],
        price: [40, 350],
        details: [
          'A mix of genres, list available.',
          'Stored upright and out of the sun.',
          'Selling as one lot.',
        ],
      },
      {
        titles: [
          'Sewing machine, Singer, with case',
          'Knitting supplies and yarn bundle',
          'Embroidery hoop and thread set',
        ],
        price: [20, 160],
        details: [
          'Runs smoothly, recently oiled.',
          'Plenty of yarn in many colors.',
          'Everything to start a new project.',
        ],
      },
      {
        titles: [
          'Telescope, 70 mm refractor',
          'Model train starter set, HO scale',
          'Radio-controlled car, 1:10',
        ],
        price: [45, 260],
        details: [
          'Works well, all parts present.',
          'Great gift for a curious kid or adult.',
          'Manual included.',
        ],
      },
    ],
  },
  'kids-baby': {
    closers: goodsClosers,
    lines: [
      {
        titles: ['Baby crib with mattress', 'Bassinet with rocking base', 'Pack and play, travel crib'],
        price: [40, 220],
        details: [
          'Meets current safety standards.',
          'Mattress protector included.',
          'From a smoke-free home.',
        ],
      },
      {
        titles: [
          'Jogging stroller, all-terrain',
          'Lightweight umbrella stroller',
          'Double stroller, side by side',
        ],
        price: [45, 320],
        details: ['Folds with one hand.', 'Brakes and wheels work perfectly.', 'Rain cover included.'],
      },
      {
        titles: [
          'LEGO Classic bucket, 900 pieces',
          'Wooden block set, 100 pieces',
          'Magnetic tiles, 60-piece set',
        ],
        price: [20, 70],
        details: ['Washed and sorted.', 'Hours of quiet play.', 'Storage box included.'],
      },
      {
        titles: ['High chair, adjustable', 'Baby bottles and sterilizer set', 'Breast pump, barely used'],
        price: [20, 140],
        details: ['Easy to wipe clean.', 'All parts sanitized.', 'Our little one has grown out of it.'],
      },
      {
        titles: [
          'Kids clothes bundle, 2T',
          'Baby clothes lot, 0 to 6 months',
          'Girls winter jackets, size 6',
        ],
        price: [15, 60],
        details: ['Over 30 pieces, gently worn.', 'Brand-name pieces in the mix.', 'Washed and folded.'],
      },
      {
        titles: ['Balance bike for toddlers', 'Kids scooter, three wheels', 'Tricycle with push handle'],
        price: [25, 90],
        details: [
          'Adjustable seat and handlebars.',
          'Great for learning balance.',
          'Light scuffs from happy use.',
        ],
      },
      {
        titles: ['Baby carrier, ergonomic', 'Infant car seat with base', 'Diaper bag backpack'],
        price: [30, 160],
        details: ['Never in an accident.', 'Washable fabric, very clean.', 'Manual included.'],
      },
    ],
  },
  'music-instruments': {
    closers: [
      'Pick up only, happy to let you play it first.',
      'Cash or a payment app.',
      'Selling because I have too many instruments.',
      'Case included.',
      'Price is negotiable for a quick sale.',
    ],
    lines: [
      {
        titles: [
          'Acoustic guitar, Yamaha FG800',
          'Taylor GS Mini with gig bag',
          'Classical guitar, nylon strings',
        ],
        price: [140, 520],
        details: [
          'Fresh strings and a good setup.',
          'Solid top, sounds warm and full.',
          'A few small dings, plays beautifully.',
        ],
      },
      {
        titles: [
          'Electric guitar, Squier Telecaster',
          'Epiphone Les Paul Standard',
          'Ibanez RG electric guitar',
        ],
        price: [160, 480],
        details: [
          'Low action, no fret buzz.',
          'Pickups sound great clean and dirty.',
          'Strap and cable included.',
        ],
      },
      {
        titles: [
          'Digital piano, 88 weighted keys',
          'Keyboard, 61 keys, with stand',
          'Upright piano, needs a tuning',
        ],
        price: [150, 650],
        details: [
          'All keys work and feel great.',
          'Sustain pedal included.',
          'You arrange moving, it is heavy.',
        ],
      },
      {
        titles: ['Five-piece drum kit with cymbals', 'Snare drum, 14 inch', 'Cajón box drum'],
        price: [60, 520],
        details: [
          'Heads are in good shape.',
          'Hardware and throne included.',
          'Great for practice and small gigs.',
        ],
      },
      {
        titles: ['Shure SM58 microphone', 'USB podcast microphone', 'Wireless microphone set'],
        price: [40, 180],
        details: ['Clean sound, no crackle.', 'Cable and clip included.', 'Used in a home studio.'],
      },
      {
        titles: ['Guitar amplifier, 40 watts', 'Bass amp, 100 watts', 'Pedalboard with four pedals'],
        price: [90, 380],
        details: ['Loud enough for band practice.', 'Everything works, no hum.', 'Power supply included.'],
      },
      {
        titles: ['Violin, 4/4, with bow and case', 'Ukulele, concert size', 'Trumpet, student model'],
        price: [70, 420],
        details: ['Recently checked by a repair shop.', 'Perfect for a beginner.', 'Case is in good shape.'],
      },
    ],
  },
};

/** US cities the demo ads are placed in. */
const places = [
  'Austin, TX',
  'Seattle, WA',
  'San Francisco, CA',
  'Denver, CO',
  'Phoenix, AZ',
  'Portland, OR',
  'San Diego, CA',
  'Salt Lake City, UT',
  'Brooklyn, NY',
  'Chicago, IL',
  'Boston, MA',
  'Atlanta, GA',
  'Nashville, TN',
  'Minneapolis, MN',
  'Philadelphia, PA',
  'Raleigh, NC',
  'Columbus, OH',
  'Kansas City, MO',
  'Sacramento, CA',
  'Houston, TX',
  'Dallas, TX',
  'Miami, FL',
  'Pittsburgh, PA',
  'Madison, WI',
];

/** Prices people would write: round, more so the larger they are. */
function roundPrice(value: number): number {
  const step = value < 50 ? 1 : value < 200 ? 5 : value < 1_000 ? 10 : value < 20_000 ? 100 : 1_000;
  return Math.round(value / step) * step;
}

/**
 * `perCategory` ads for each category, always the same ones: each product line's three title
 * variants in turn, two of its sentences and a closer, a price in its range and a place.
 */
export function generateDemoAds(perCategory: number, random: () => number): DemoAd[] {
  return Object.entries(catalogs).flatMap(([category, { lines, closers }]) =>
    Array.from({ length: perCategory }, (_, index) => {
      const line = lines[index % lines.length]!;
      const variant = Math.floor(index / lines.length) % line.titles.length;
      const first = line.details[variant]!;
      const second = line.details[(variant + 1) % line.details.length]!;
      const [low, high] = line.price;
      return {
        category,
        title: line.titles[variant]!,
        description: `${first} ${second} ${closers[Math.floor(random() * closers.length)]}`,
        price: roundPrice(low + (high - low) * random()),
        location: places[Math.floor(random() * places.length)]!,
      };
    }),
  );
}

export const demoCategories = Object.keys(catalogs);
