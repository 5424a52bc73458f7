import { ArrowRight, BadgeCheck, Rocket, ShieldCheck, Sparkles, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { SearchBox } from '../../app/search-box';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/page-meta';
import { useFeaturedAds } from '../ads/api';
import { AdCard } from '../ads/components/ad-card';
import { useCurrentUser } from '../auth/api';
import { usePostAdAction } from '../auth/use-require-sign-in';
import { useCategories } from '../categories/api';
import { CategoryIcon } from '../categories/category-icon';

// Marketing figures of the spec (§9), shown as written.
const statistics = [
  { value: '50K+', label: 'Active Users' },
  { value: '125K+', label: 'Ads Posted' },
  { value: '12+', label: 'Categories' },
  { value: '98%', label: 'Success Rate' },
];

const reasons = [
  {
    Icon: Zap,
    title: 'Post in minutes',
    text: 'Add photos and videos, set your price and go live right away.',
  },
  {
    Icon: ShieldCheck,
    title: 'Safe and secure',
    text: 'Verified e-mail addresses and safety tips on every listing.',
  },
  {
    Icon: Users,
    title: 'Local buyers',
    text: 'Reach people near you who are looking for exactly what you sell.',
  },
  {
    Icon: Sparkles,
    title: 'Featured ads',
    text: 'Premium placement puts your best listings in front of more eyes.',
  },
];

/**
 * Its parts that depend on who is there (HeroActions, StartSelling) are components of
 * their own: when the browser learns it, after the hydration, only they re-render (one
 * synchronous task, about half as long as re-rendering the whole page: bench/README.md "Stop 29").
 */
export function HomePage() {
  usePageMeta(undefined, undefined, paths.home);
  return (
    <div>
      <section className="bg-gradient-to-br from-primary via-indigo-600 to-violet-600 text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
          <div className="max-w-2xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
              Buy and sell anything near you
            </h1>
            <p className="mt-4 text-lg text-primary-foreground/85">
              Thousands of listings in electronics, vehicles, real estate and more. Find a deal or post your
              own ad today.
            </p>
            <SearchBox
              className="mt-8 rounded-xl bg-card p-2 text-foreground shadow-lg"
              size="lg"
              placeholder="What are you looking for?"
              fieldLabel="What are you looking for?"
              showButton
              label="Marketplace"
            />
            <HeroActions />
          </div>
        </div>
      </section>

      <section aria-label="Bazaar in numbers" className="mx-auto -mt-8 max-w-7xl px-4 sm:px-6">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {statistics.map((statistic) => (
            <Card key={statistic.label} className="p-5 text-center">
              <div className="text-2xl font-bold text-primary sm:text-3xl">{statistic.value}</div>
              <div className="mt-1 text-sm text-muted-foreground">{statistic.label}</div>
            </Card>
          ))}
        </div>
      </section>

      <CategoryGrid />

      <FeaturedAds />

      <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight">Why Choose Bazaar?</h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ Icon, title, text }) => (
            <Card key={title} className="p-5">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
        <Card className="flex flex-col items-start gap-4 bg-accent p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              <Rocket className="size-6 text-primary" /> Ready to start selling?
            </h2>
            <p className="mt-1 text-muted-foreground">
              Your first 14 days are free. <BadgeCheck className="inline size-4 text-primary" /> No card
              needed.
            </p>
          </div>
          <StartSelling />
        </Card>
      </section>
    </div>
  );
}

/**
 * The hero's two actions: a visitor is invited to a trial, someone signed in to post an ad; both
 * may look at the plans. The server draws a visitor's (it does not know who is there), so the
 * row stays once the browser knows: taking it away moved the page up (issue 15: CLS 0.035),
 * and the first button is as wide as either label, so View Pricing beside it stays put.
 */
function HeroActions() {
  const { data: currentUser } = useCurrentUser();
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button size="lg" variant="secondary" className="min-w-48" asChild>
        {currentUser ? (
          <Link to={paths.postAd}>
            Post an Ad <ArrowRight />
          </Link>
        ) : (
          <Link to={paths.register}>
            Start Free Trial <ArrowRight />
          </Link>
        )}
      </Button>
      <Button
        size="lg"
        variant="outline"
        className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
        asChild
      >
        <Link to={paths.subscription}>View Pricing</Link>
      </Button>
    </div>
  );
}

/** The closing call: post an ad when signed in, else start a trial or log in. */
function StartSelling() {
  const { data: currentUser } = useCurrentUser();
  const postAd = usePostAdAction();
  if (currentUser) {
    return (
      <Button size="lg" onClick={postAd}>
        Post Your First Ad
      </Button>
    );
  }
  return (
    <div className="flex gap-3">
      <Button size="lg" asChild>
        <Link to={paths.register}>Start Free Trial</Link>
      </Button>
      <Button size="lg" variant="outline" asChild>
        <Link to={paths.login}>Login</Link>
      </Button>
    </div>
  );
}

/** Spec §2: shown only when featured ads exist; at most six, with 'View All' to /search. */
function FeaturedAds() {
  const { data: ads } = useFeaturedAds();
  if (!ads || ads.length === 0) return null;
  return (
    <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6" aria-labelledby="featured-ads-heading">
      <div className="flex items-end justify-between gap-4">
        <h2 id="featured-ads-heading" className="text-2xl font-bold tracking-tight">
          Featured Ads
        </h2>
        <Link
          to={paths.search()}
          className="flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
        >
          View All <ArrowRight className="size-4" />
        </Link>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <AdCard key={ad.id} ad={ad} />
        ))}
      </div>
    </section>
  );
}

function CategoryGrid() {
  const { data: categories, isPending, isError } = useCategories();
  return (
    <section className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
      <h2 className="text-2xl font-bold tracking-tight">Browse by Category</h2>
      {isError ? (
        <p className="mt-4 text-sm text-destructive">
          Categories could not be loaded. Please try again later.
        </p>
      ) : (
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {isPending
            ? Array.from({ length: 12 }, (_, index) => <Skeleton key={index} className="h-32" />)
            : categories.map((category) => (
                <Link
                  key={category.id}
                  to={paths.category(category.id)}
                  className="group flex flex-col items-center gap-2 rounded-xl border bg-card p-5 text-center shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
                >
                  <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                    <CategoryIcon icon={category.icon} className="size-6" />
                  </span>
                  <span className="text-sm font-semibold">{category.name}</span>
                  <span className="text-xs text-muted-foreground">{category.count} ads</span>
                </Link>
              ))}
        </div>
      )}
    </section>
  );
}
