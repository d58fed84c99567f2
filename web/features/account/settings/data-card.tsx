import { Download } from 'lucide-react';
import { apiPaths } from '@contracts/api-paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function DataCard() {
  return (
    <Card className="space-y-4">
      <h2 className="text-2xl font-bold text-navy">Your data</h2>
      <p className="text-muted">
        One JSON file with your account, profiles, questions asked and answered, payouts, ratings,
        reviews, reports and sign-ins.
      </p>
      <Button asChild variant="outline" className="self-start">
        <a href={apiPaths.accountExport} download>
          <Download aria-hidden />
          Download my data
        </a>
      </Button>
    </Card>
  );
}
