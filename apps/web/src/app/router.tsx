import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Home } from './home-route';
import { RequireAdmin } from './layouts/require-admin';
import { RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';
import { SearchLayout } from './layouts/search-layout';
import { StableLayout } from './layouts/stable-layout';

// Every page is its own chunk: the first load only carries the shell (budget 170 KB gzipped).
const Login = lazy(() => import('@/features/auth/routes/login'));
const Lease = lazy(() => import('@/features/leases/routes/lease'));
const Leases = lazy(() => import('@/features/leases/routes/leases'));
const Register = lazy(() => import('@/features/auth/routes/register'));
const ForgotPassword = lazy(() => import('@/features/auth/routes/forgot-password'));
const HowItWorks = lazy(() => import('@/features/static-pages/routes/how-it-works'));
const BuildYourDream = lazy(() => import('@/features/static-pages/routes/build-your-dream'));
const AboutUs = lazy(() => import('@/features/static-pages/routes/about-us'));
const OurMission = lazy(() => import('@/features/static-pages/routes/our-mission'));
const PrivacyPolicy = lazy(() => import('@/features/static-pages/routes/privacy-policy'));
const Terms = lazy(() => import('@/features/static-pages/routes/terms-and-conditions'));
const HomeSearch = lazy(() => import('@/features/search/routes/home-search'));
const SearchLeads = lazy(() => import('@/features/search/routes/search-leads'));
const Sponsored = lazy(() => import('@/features/sponsored/routes/sponsored'));
const SponsoredHeadlines = lazy(() => import('@/features/sponsored/routes/sponsored-headlines'));
const OrderSponsoredHeadlines = lazy(() => import('@/features/sponsored/routes/order-sponsored-headlines'));
const Checkout = lazy(() => import('@/features/sponsored/routes/checkout'));
const Contact = lazy(() => import('@/features/contact/routes/contact'));
const Landing = lazy(() => import('@/features/landing/routes/landing'));
const BrokerPage = lazy(() => import('@/features/admin/routes/broker-page'));
const PortfolioApproval = lazy(() => import('@/features/admin/routes/portfolio-approval'));
const UserList = lazy(() => import('@/features/admin/routes/user-list'));
const VideoUpload = lazy(() => import('@/features/video-pitch/routes/video-upload'));
const VideoPitch = lazy(() => import('@/features/video-pitch/routes/video-pitch'));
const BuyOrder = lazy(() => import('@/features/orders/routes/buy-order'));
const Order = lazy(() => import('@/features/orders/routes/order'));
const OrderReceipt = lazy(() => import('@/features/orders/routes/order-receipt'));
const Engagements = lazy(() => import('@/features/engagements/routes/engagements'));
const Engagement = lazy(() => import('@/features/engagements/routes/engagement'));
const Hire = lazy(() => import('@/features/engagements/routes/hire'));
const Profile = lazy(() => import('@/features/profile/routes/profile'));
const StableStart = lazy(() => import('@/features/stable/routes/stable-start'));
const DomainLeads = lazy(() => import('@/features/stable/routes/domain-leads'));
const Negotiation = lazy(() => import('@/features/stable/routes/negotiation'));
const RecentlyViewed = lazy(() => import('@/features/stable/routes/recently-viewed-domains'));
const Traffic = lazy(() => import('@/features/stable/routes/traffic'));
const Market = lazy(() => import('@/features/stable/routes/market'));
const Hiring = lazy(() => import('@/features/stable/routes/hiring'));
const StableReviews = lazy(() => import('@/features/stable/routes/reviews'));
const Settings = lazy(() => import('@/features/stable/routes/settings'));
const Freelancers = lazy(() => import('@/features/freelancers/routes/freelancers'));
const PublicProfile = lazy(() => import('@/features/freelancers/routes/public-profile'));
const FreelancerProfile = lazy(() => import('@/features/freelancers/routes/freelancer-profile'));
const Jobs = lazy(() => import('@/features/jobs/routes/jobs'));
const Job = lazy(() => import('@/features/jobs/routes/job'));
const PostJob = lazy(() => import('@/features/jobs/routes/post-job'));
const EditJob = lazy(() => import('@/features/jobs/routes/edit-job'));
const Portfolio = lazy(() => import('@/features/portfolio/routes/portfolio'));
const AddDomains = lazy(() => import('@/features/portfolio/routes/add-domains'));

/**
 * Routes of docs/product.md section 3. Matching is case-sensitive: /homeSearch, /BrokerPage,
 * /Checkout... are spelled exactly, and each alias is a separate entry. Anything else shows home.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route caseSensitive path="login" element={<Login />} />
        <Route caseSensitive path="register" element={<Register />} />
        <Route caseSensitive path="forgot-password" element={<ForgotPassword />} />
        <Route caseSensitive path="how-it-works" element={<HowItWorks />} />
        <Route caseSensitive path="build-your-dream" element={<BuildYourDream />} />
        <Route caseSensitive path="about-us" element={<AboutUs />} />
        <Route caseSensitive path="our-mission" element={<OurMission />} />
        <Route caseSensitive path="privacy-policy" element={<PrivacyPolicy />} />
        <Route caseSensitive path="terms-and-conditions" element={<Terms />} />
        <Route caseSensitive path="contact" element={<Contact />} />
        {/* Public, like the server-rendered page. */}
        <Route caseSensitive path="landing/:id" element={<Landing />} />
        {/* The directory; each profile (/freelancers/{id}) is a page the server renders. */}
        <Route caseSensitive path="freelancers" element={<Freelancers />} />
        <Route caseSensitive path="freelancers/:id" element={<PublicProfile />} />
        {/* Job posts: the listing and each job are public; posting needs an account. */}
        <Route caseSensitive path="jobs" element={<Jobs />} />
        <Route caseSensitive path="jobs/:id" element={<Job />} />

        <Route element={<SearchLayout />}>
          <Route caseSensitive path="homeSearch" element={<HomeSearch />} />
          <Route caseSensitive path="homesearch" element={<HomeSearch />} />
          <Route caseSensitive path="sponsored/:page" element={<Sponsored />} />
          <Route caseSensitive path="sponsored-headlines" element={<SponsoredHeadlines />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route element={<RequireAdmin />}>
            <Route caseSensitive path="BrokerPage" element={<BrokerPage />} />
            <Route caseSensitive path="PortfolioApproval" element={<PortfolioApproval />} />
            <Route caseSensitive path="UserList" element={<UserList />} />
          </Route>

          <Route element={<SearchLayout />}>
            <Route caseSensitive path="search" element={<SearchLeads />} />
          </Route>
          <Route caseSensitive path="video_upload/:id" element={<VideoUpload />} />
          <Route caseSensitive path="buy_order" element={<BuyOrder />} />
          <Route caseSensitive path="orders/:id" element={<Order />} />
          <Route caseSensitive path="orders/:id/receipt" element={<OrderReceipt />} />
          <Route caseSensitive path="leases" element={<Leases />} />
          <Route caseSensitive path="leases/:id" element={<Lease />} />
          <Route caseSensitive path="profile" element={<Profile />} />
          <Route caseSensitive path="engagements" element={<Engagements />} />
          <Route caseSensitive path="engagements/:id" element={<Engagement />} />
          <Route caseSensitive path="hire/:userId" element={<Hire />} />
          <Route caseSensitive path="freelancer-profile" element={<FreelancerProfile />} />
          <Route caseSensitive path="jobs/new" element={<PostJob />} />
          <Route caseSensitive path="jobs/:id/edit" element={<EditJob />} />
          <Route caseSensitive path="order-sponsored-headlines" element={<OrderSponsoredHeadlines />} />
          <Route caseSensitive path="checkout" element={<Checkout />} />
          <Route caseSensitive path="Checkout" element={<Checkout />} />
          <Route caseSensitive path="my_stable" element={<StableStart />} />
          <Route caseSensitive path="stable" element={<StableStart />} />

          <Route element={<StableLayout />}>
            <Route caseSensitive path="domain-leads" element={<DomainLeads />} />
            <Route caseSensitive path="domain-leads/negotiation/:id" element={<Negotiation />} />
            <Route caseSensitive path="video-pitch" element={<VideoPitch />} />
            <Route caseSensitive path="video_pitch" element={<VideoPitch />} />
            <Route caseSensitive path="recently-viewed-domains" element={<RecentlyViewed />} />
            <Route caseSensitive path="portfolio" element={<Portfolio />} />
            <Route caseSensitive path="add_domains" element={<AddDomains />} />
            <Route caseSensitive path="traffic" element={<Traffic />} />
            <Route caseSensitive path="market" element={<Market />} />
            <Route caseSensitive path="hires" element={<Hiring view="hires" />} />
            <Route caseSensitive path="freelance-requests" element={<Hiring view="requests" />} />
            <Route caseSensitive path="freelance-engagements" element={<Hiring view="engagements" />} />
            <Route caseSensitive path="earnings" element={<Hiring view="earnings" />} />
            <Route caseSensitive path="reviews" element={<StableReviews />} />
            <Route caseSensitive path="settings" element={<Settings />} />
          </Route>
        </Route>

        <Route path="*" element={<Home />} />
      </Route>
    </Routes>
  );
}
