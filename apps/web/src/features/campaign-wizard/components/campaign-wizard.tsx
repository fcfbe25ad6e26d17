import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { CAMPAIGN_KINDS, KIND_LABEL } from '@comped/shared/campaign-kinds';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource, FileRef } from '@comped/shared/schemas/resources';
import type { CampaignValues } from '@comped/shared/validation/campaign';
import {
  BOOKINGS_STEP,
  campaignSchema,
  capStep,
  featuredPhotoCountIssue,
  LAST_STEP,
} from '@comped/shared/validation/campaign';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldPath, Resolver } from 'react-hook-form';
import { FormProvider, useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';

import { useCampaign } from '../../../api/campaigns';
import { useLocations } from '../../../api/locations';
import { MissingLocationsDialog } from '../../../components/dialogs/missing-locations-dialog';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession } from '../../../lib/use-session';
import { useCreateCampaign } from '../api/create-campaign';
import { useDeleteCampaignPhotos } from '../api/delete-campaign-photo';
import { useUpdateCampaign } from '../api/update-campaign';
import { useWizardPhotos } from '../hooks/use-wizard-photos';
import type { WizardValues } from '../lib/wizard-values';
import { campaignFormData, defaultValues, stepLabels, stepOfField, valuesOfCampaign } from '../lib/wizard-values';
import { AudienceStep } from './audience-step';
import { BasicStep } from './basic-step';
import type { WizardLocation } from './bookings-step';
import { BookingsStep } from './bookings-step';
import { DiscardDraftButton } from './discard-draft-button';
import { RequirementsStep } from './requirements-step';
import { ReviewStep } from './review-step';

function isKind(value: string | undefined): value is CampaignKind {
  return (CAMPAIGN_KINDS as readonly string[]).includes(value ?? '');
}

/** /create/{type} (no id) and /edit/campaign/{id}: loads the draft, then runs the five steps. */
export function CampaignWizard({ type, campaignId }: { type?: string; campaignId?: number }) {
  const campaign = useCampaign(campaignId ?? 0, { enabled: campaignId !== undefined, staleTime: 0 });
  const locations = useLocations();
  // The Missing locations dialog: shown once when the brand has none, and whenever a save is refused for it.
  const [missingDialog, setMissingDialog] = useState<'unseen' | 'asked' | 'dismissed'>('unseen');
  const noLocations = locations.isSuccess && locations.data.length === 0;

  if (campaignId !== undefined && campaign.isPending) return <Loading label="Loading campaign" />;
  if (campaignId !== undefined && campaign.isError) {
    const status = campaign.error instanceof ApiError ? campaign.error.status : 0;
    return (
      <Box>
        <PageTitle>Campaign</PageTitle>
        {status === 404 || status === 403 ? (
          <Alert severity="error">
            {status === 404 ? 'This campaign does not exist or was discarded.' : 'You cannot edit this campaign.'}
          </Alert>
        ) : (
          <LoadError onRetry={campaign.refetch} />
        )}
      </Box>
    );
  }
  const kind = campaign.data?.attributes_type ?? (isKind(type) ? type : undefined);
  if (!kind) return <Navigate to={paths.campaigns.getHref()} replace />;

  const wizardLocations: WizardLocation[] =
    locations.data ?? campaign.data?.locations.map((l) => ({ id: l.id, name: l.name, address: l.address })) ?? [];

  return (
    <>
      <WizardForm
        key={campaignId ?? `new-${kind}`}
        kind={kind}
        campaign={campaign.data ?? null}
        fetching={campaign.isFetching}
        locations={wizardLocations}
        locationsLoading={locations.isPending}
        onMissingLocations={() => setMissingDialog('asked')}
      />
      <MissingLocationsDialog
        open={missingDialog === 'asked' || (noLocations && missingDialog === 'unseen')}
        onClose={() => setMissingDialog('dismissed')}
      />
    </>
  );
}

interface WizardFormProps {
  kind: CampaignKind;
  campaign: CampaignResource | null;
  fetching: boolean;
  locations: WizardLocation[];
  locationsLoading: boolean;
  onMissingLocations(): void;
}

/** Array items of these fields report on the field itself (e.g. `target.0` shows under `target`). */
const LIST_FIELDS = [
  'target',
  'tier_range_influencer',
  'tier_range_journalist',
  'locations',
  'key_players',
  'influencer_instructions.hashtags',
];
function formFieldOf(field: string): string {
  const list = LIST_FIELDS.find((f) => field === f || field.startsWith(`${f}.`));
  return list ?? field;
}

function WizardForm({ kind, campaign, fetching, locations, locationsLoading, onMissingLocations }: WizardFormProps) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const { user } = useSession();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const labels = stepLabels(kind);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const deletePhotos = useDeleteCampaignPhotos(campaign?.id);

  const [step, setStep] = useState(() => (campaign ? capStep(campaign.step) : 0));
  const stepRef = useRef(step);
  stepRef.current = step;
  const [photos, changePhotos] = useWizardPhotos(campaign?.featuredphotos ?? []);
  /** The upload's progress while a save sends picked photos, else null. */
  const [progress, setProgress] = useState<number | null>(null);
  const editable = !campaign || campaign.status === 'draft';
  const saving = create.isPending || update.isPending;
  // The last save sent the draft for review: the confirmation dialog.
  const submitted = update.data?.status === 'review';
  const toReview = () => navigate(`${paths.campaigns.getHref()}?tab=drafts`);

  // The shared rules; locations are required from the Bookings step on.
  const resolver = useCallback<Resolver<WizardValues, unknown, CampaignValues>>(
    (values, context, options) =>
      formResolver<WizardValues, ReturnType<typeof campaignSchema>>(
        campaignSchema(kind, { requireLocations: stepRef.current >= BOOKINGS_STEP }),
      )(values, context, options),
    [kind],
  );
  const form = useForm<WizardValues, unknown, CampaignValues>({
    defaultValues: campaign ? valuesOfCampaign(campaign) : defaultValues(),
    resolver,
    mode: 'onTouched',
  });

  const isFirst = useRef(true);
  const stepTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    window.scrollTo(0, 0);
    // Next is disabled while it saves, so the focus fell to <body>: the new step's heading takes it
    // (WCAG 2.4.3), and the next Tab starts at the top of the step, as after a route change.
    stepTitle.current?.focus();
  }, [step]);

  const name = form.watch('name');
  const description = form.watch('description');
  const photoCount = photos.saved.length + photos.pending.length;
  const basicsReady = name.trim() !== '' && description.trim() !== '' && photoCount > 0;
  const busy = saving || fetching || deletePhotos.isPending;
  const canContinue = basicsReady && !busy && editable;

  function goTo(next: number) {
    setStep(capStep(next));
  }

  function showServerErrors(err: unknown) {
    if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
      let target = LAST_STEP;
      for (const [field, messages] of Object.entries(err.errors)) {
        const message = messages[0] ?? MSG.validationFailed;
        if (field === 'locations' && err.code === 'no_locations') onMissingLocations();
        const root = field.split('.')[0] ?? field;
        if (field === 'featured_photos') changePhotos({ type: 'error', message });
        else if (root in defaultValues()) {
          form.setError(formFieldOf(field) as FieldPath<WizardValues>, { type: 'server', message });
        } else showSnackbar(message, 'error');
        target = Math.min(target, stepOfField(field));
      }
      if (target < stepRef.current) goTo(target);
      return;
    }
    showSnackbar(MSG.somethingWrong, 'error', MSG.photosHint);
  }

  async function save(nextStep: number, status?: 'review') {
    const countIssue = featuredPhotoCountIssue(photoCount);
    if (countIssue) {
      changePhotos({ type: 'error', message: countIssue });
      goTo(0);
      return;
    }
    const uploading = photos.pending.length > 0;
    setProgress(uploading ? 0 : null);
    const body = campaignFormData(kind, form.getValues(), {
      step: nextStep,
      photos: photos.pending,
      brandId: campaign ? undefined : user?.profile.brands[0]?.id,
      status,
    });
    const onProgress = (p: number) => setProgress(uploading ? p : null);
    try {
      const result = campaign
        ? await update.mutateAsync({ id: campaign.id, body, onProgress })
        : await create.mutateAsync({ body, onProgress });
      changePhotos({ type: 'uploaded', saved: result.featuredphotos });
      form.reset(valuesOfCampaign(result));
      if (status === 'review') return;
      if (!campaign) navigate(paths.editCampaign.getHref(result.id), { replace: true });
      else goTo(nextStep);
    } catch (err) {
      showServerErrors(err);
    } finally {
      setProgress(null);
    }
  }

  const onNext = form.handleSubmit(() => save(step + 1));
  const onSubmit = form.handleSubmit(() => save(LAST_STEP, 'review'));

  function deleteSaved(list: FileRef[]) {
    deletePhotos.mutate(
      { photos: list, onDeleted: (photo) => changePhotos({ type: 'deleted', name: photo.name }) },
      { onError: () => showSnackbar(MSG.somethingWrong, 'error') },
    );
  }

  const photosProps = {
    saved: photos.saved,
    pending: photos.pending,
    error: photos.error,
    busy: busy || !editable,
    onAdd: (files: File[]) => changePhotos({ type: 'picked', files }),
    onRemovePending: (index: number) => changePhotos({ type: 'unpicked', index }),
    onDeleteSaved: (photo: FileRef) => deleteSaved([photo]),
    onClearAll: () => {
      changePhotos({ type: 'unpickedAll' });
      deleteSaved(photos.saved);
    },
    onError: (message: string | null) => changePhotos({ type: 'error', message }),
  };

  const title = campaign ? `Edit ${KIND_LABEL[kind]} campaign` : `New ${KIND_LABEL[kind]} campaign`;
  const isLast = step === LAST_STEP;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageTitle>{title}</PageTitle>
      {campaign?.review_reason && campaign.status === 'draft' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Our team sent this campaign back</AlertTitle>
          {campaign.review_reason}
        </Alert>
      ) : null}
      {!editable ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This campaign is {campaign?.status === 'review' ? 'in review' : campaign?.status} and can no longer be edited.
        </Alert>
      ) : null}

      {compact ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="overline" component="p">
            Step {step + 1} of {labels.length}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={((step + 1) / labels.length) * 100}
            aria-label={`Step ${step + 1} of ${labels.length}`}
          />
        </Box>
      ) : (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Campaign steps">
          {labels.map((label, index) => (
            <Step key={label}>
              <StepLabel aria-current={index === step ? 'step' : undefined}>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}

      <Paper
        component="form"
        noValidate
        aria-labelledby="wizard-step-title"
        onSubmit={(e) => e.preventDefault()}
        sx={{ p: { xs: 2, sm: 4 } }}
      >
        <Typography
          id="wizard-step-title"
          ref={stepTitle}
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ mb: 3, fontWeight: 600 }}
        >
          {labels[step]}
        </Typography>
        <FormProvider {...form}>
          {step === 0 ? <BasicStep kind={kind} photos={photosProps} /> : null}
          {step === 1 ? <AudienceStep /> : null}
          {step === 2 ? <BookingsStep locations={locations} loading={locationsLoading} /> : null}
          {step === 3 ? <RequirementsStep /> : null}
          {step === 4 ? (
            <ReviewStep
              kind={kind}
              photos={photos.saved}
              pendingPhotos={photos.pending}
              locations={locations}
              onEdit={goTo}
            />
          ) : null}
        </FormProvider>

        {saving && progress !== null ? (
          <Box sx={{ mt: 3 }}>
            <LinearProgress variant="determinate" value={progress} aria-label="Uploading photos" />
          </Box>
        ) : null}

        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between', alignItems: 'center' }}>
          <Button variant="outlined" disabled={step === 0 || saving} onClick={() => goTo(step - 1)}>
            Back
          </Button>
          <Box sx={{ flex: 1 }} />
          {campaign && editable ? <DiscardDraftButton campaignId={campaign.id} disabled={busy} /> : null}
          {isLast ? (
            <Button
              variant="contained"
              disabled={!canContinue}
              onClick={() => void onSubmit()}
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Submit
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={!canContinue}
              onClick={() => void onNext()}
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Next
            </Button>
          )}
        </Stack>
      </Paper>

      {/* OK or Escape: the brand's campaigns, on the tab where the submitted one waits for review. */}
      <Dialog
        open={submitted}
        onClose={toReview}
        aria-labelledby="campaign-submitted-title"
        aria-describedby="campaign-submitted-text"
      >
        <DialogTitle id="campaign-submitted-title">Campaign submitted</DialogTitle>
        <DialogContent>
          <DialogContentText id="campaign-submitted-text">{MSG.campaignSubmitted}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={toReview}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
