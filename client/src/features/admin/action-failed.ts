import { toast } from '../../components/ui/use-toast';

/** A staff action the server refused or could not do: its message, as a toast. */
export function actionFailed(error: Error) {
  toast({ title: 'Action Failed', description: error.message, variant: 'destructive' });
}
