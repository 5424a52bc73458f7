-- Reference data: the marketplace's categories (the footer links to electronics, vehicles and real-estate).
INSERT INTO "categories" ("id", "name", "icon", "sort_order") VALUES
  ('electronics', 'Electronics', 'smartphone', 1),
  ('vehicles', 'Vehicles', 'car', 2),
  ('real-estate', 'Real Estate', 'house', 3),
  ('jobs', 'Jobs', 'briefcase', 4),
  ('services', 'Services', 'wrench', 5),
  ('fashion', 'Fashion', 'shirt', 6),
  ('home-garden', 'Home & Garden', 'sofa', 7),
  ('sports-outdoors', 'Sports & Outdoors', 'bike', 8),
  ('pets', 'Pets', 'paw-print', 9),
  ('books-hobbies', 'Books & Hobbies', 'book-open', 10),
  ('kids-baby', 'Kids & Baby', 'baby', 11),
  ('music-instruments', 'Music & Instruments', 'music', 12)
ON CONFLICT ("id") DO NOTHING;
