import {
  Baby,
  Bike,
  BookOpen,
  Briefcase,
  Car,
  House,
  Music,
  PawPrint,
  Shirt,
  Smartphone,
  Sofa,
  Tag,
  Wrench,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/** The icons categories name in the database; anything else shows a tag. */
const icons: Record<string, LucideIcon> = {
  smartphone: Smartphone,
  car: Car,
  house: House,
  briefcase: Briefcase,
  wrench: Wrench,
  shirt: Shirt,
  sofa: Sofa,
  bike: Bike,
  'paw-print': PawPrint,
  'book-open': BookOpen,
  baby: Baby,
  music: Music,
};

export function CategoryIcon({ icon, ...props }: { icon: string } & LucideProps) {
  const Icon = icons[icon] ?? Tag;
  return <Icon aria-hidden="true" {...props} />;
}
