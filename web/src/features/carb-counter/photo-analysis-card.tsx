import { Camera } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';
import { useOnline } from '@/features/offline/online-status';
import { LogDialogHost, type LogTarget } from '@/features/trackers/log-dialog-host';
import { useServices } from '@/lib/use-services';

/**
 * Photo analysis lives in the meal log (its photo field); this card says whether this server can
 * estimate carbs from a photo, and opens that dialog. Nothing is promised the server cannot do.
 */
export function PhotoAnalysisCard() {
  const services = useServices();
  const [target, setTarget] = useState<LogTarget>(null);
  const online = useOnline();
  const w = useWhose();
  const vision = services.data?.aiVision;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Camera className="size-5 text-muted-foreground" aria-hidden="true" />
          Photo analysis
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3">
        <CardDescription>
          {!online
            ? 'You are offline: estimating carbs from a photo needs the connection. Search the foods above, which work offline.'
            : vision === undefined
              ? `Log a meal with a photo of ${w.your} plate.`
              : vision
                ? `Take or choose a photo of ${w.your} plate when you log a meal, and get an estimate of its carbs that you can check and correct.`
                : `Estimating carbs from a photo is not set up here. You can still keep a photo of ${w.your} plate with a meal you log.`}
        </CardDescription>
        <Button variant="outline" onClick={() => setTarget({ tracker: 'meal' })}>
          <Camera aria-hidden="true" /> Log a meal with a photo
        </Button>
      </CardContent>
      <LogDialogHost target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
