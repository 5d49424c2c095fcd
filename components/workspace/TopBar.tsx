import type { BrandConfig } from '@/lib/tenant/brand';
import { SignOutButton } from '@/components/auth/SignOutButton';

export function TopBar({ brand, signedIn }: { brand: BrandConfig; signedIn: boolean }) {
  return (
    <header className="topbar">
      {brand.logoUrl ? <img className="logo" src={brand.logoUrl} alt="" /> : null}
      <span className="app-name" data-testid="app-name">
        {brand.appName}
      </span>
      <span className="spacer" />
      {signedIn ? <SignOutButton /> : null}
    </header>
  );
}
